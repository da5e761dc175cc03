// The moves so far from the starting point, two plies a turn, in the notation the
// page shows; moves past the shown ply (after stepping back, or the rest of an
// open game) are greyed and still clickable.

import { element } from './dom.js';

// The texts of the line's plies: an open game's in its notation; a line's known
// up to the board shown (the board document writes its history in the notation),
// UHP past it.
function textsOf(state, openGame, boardDoc) {
  if (openGame) return openGame.plies.map((p) => p.move);
  const written = boardDoc.history_text;
  return state.line.map((uhp, i) => (i < state.ply && written[i] !== undefined ? written[i] : uhp));
}

export function drawMoveList(container, state, openGame, boardDoc, onStep) {
  container.replaceChildren();
  const texts = textsOf(state, openGame, boardDoc);
  if (texts.length === 0) {
    container.append(element('p', { class: 'empty' },
      boardDoc.history.length === 0 && state.position ? 'A set-up position: no moves yet.' : 'No moves yet.'));
    return;
  }
  const list = element('ol', { class: 'plies', 'aria-label': 'moves so far' });
  texts.forEach((text, i) => {
    const ply = i + 1;
    const item = element('li', { class: ply === state.ply ? 'current' : ply > state.ply ? 'ahead' : '' });
    if (i % 2 === 0) item.append(element('span', { class: 'turn' }, `${i / 2 + 1}.`));
    const button = element('button', { type: 'button', class: 'link', 'data-ply': ply, 'aria-label': `ply ${ply}: ${text}` }, text);
    if (ply === state.ply) button.setAttribute('aria-current', 'step');
    button.addEventListener('click', () => onStep(ply));
    item.append(button);
    list.append(item);
  });
  container.append(list);
  const current = list.querySelector('li.current');
  if (current) container.scrollTop = current.offsetTop - container.clientHeight / 2;
}
