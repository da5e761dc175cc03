// The moves so far from the starting point, two plies a turn; moves past the
// shown ply (after stepping back, or the rest of an open game) are greyed and
// still clickable.

import { element } from './dom.js';

export function drawMoveList(container, state, openGame, boardDoc, onStep) {
  container.replaceChildren();
  const texts = openGame ? openGame.plies.map((p) => p.move) : state.line;
  if (texts.length === 0) {
    container.append(element('p', { class: 'empty' },
      boardDoc.history.length === 0 && state.position ? 'A set-up position: no moves yet.' : 'No moves yet.'));
    return;
  }
  const list = element('ol', { class: 'plies' });
  texts.forEach((text, i) => {
    const ply = i + 1;
    const item = element('li', { class: ply === state.ply ? 'current' : ply > state.ply ? 'ahead' : '' });
    if (i % 2 === 0) item.append(element('span', { class: 'turn' }, `${i / 2 + 1}.`));
    const button = element('button', { type: 'button', class: 'link', 'data-ply': ply }, text);
    button.addEventListener('click', () => onStep(ply));
    item.append(button);
    list.append(item);
  });
  container.append(list);
  const current = list.querySelector('li.current');
  if (current) container.scrollTop = current.offsetTop - container.clientHeight / 2;
}
