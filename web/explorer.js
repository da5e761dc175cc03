// The explorer table: the games through the position and every move played from
// it, as /api/explore answers (no numbers are computed here beyond bar widths and
// the score of the side to move). Clicking a move plays it; pointing at it (or
// focusing it) shows it on the board.

import { element } from './dom.js';
import { gameCounts, legend, moverScore, resultBar } from './results_bar.js';

export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const ended = { WhiteWins: 'White won', BlackWins: 'Black won', Draw: 'a draw' };

// handlers: onPlay(uhp), onPreview(uhp or null). board: the /api/board document
// (whose turn, whether the game is over).
export function drawExplorer(container, doc, board, { onPlay, onPreview }) {
  container.replaceChildren();
  const summary = element('div', { class: 'explore-summary' });
  summary.append(element('span', { class: 'games-count' }, plural(doc.games, 'game')));
  summary.append(element('span', { class: 'to-move' },
    ended[board.state] ? `the game is over: ${ended[board.state]}` : `${board.to_move} to move`));
  if (doc.games > 0) summary.append(element('span', { class: 'average' }, `average length ${doc.average_plies} plies`));
  container.append(summary, resultBar(gameCounts(doc)), legend());

  if (doc.moves.length === 0) {
    container.append(element('p', { class: 'empty' }, doc.games > 0 ?
      'No game in the database continues from here.' : 'No game in the database reached this position.'));
    return;
  }
  const table = element('table', { class: 'moves-table' });
  table.append(element('caption', { class: 'visually-hidden' }, 'Moves played from this position'));
  const head = element('tr');
  for (const [title, hint] of [['move', ''], ['games', ''], ['results', 'White, draw, Black'],
    ['score', `for ${board.to_move}, the side to move`], ['avg plies', ''], ['same order', 'games that reached it by the same moves'],
    ['transposed', 'games that reached it by other moves']]) {
    head.append(element('th', hint ? { scope: 'col', title: hint, 'data-col': title } : { scope: 'col', 'data-col': title }, title));
  }
  const thead = element('thead');
  thead.append(head);
  table.append(thead);
  const body = element('tbody');
  for (const row of doc.moves) {
    const tr = element('tr', { 'data-uhp': row.uhp ?? '' });
    const move = element('td', { class: 'move' });
    const button = element('button', { type: 'button', class: 'link', 'aria-label': `play ${row.move}, ${plural(row.games, 'game')}` }, row.move);
    move.append(button);
    const bar = element('td', { class: 'bar' });
    bar.append(resultBar(gameCounts(row)));
    tr.append(move, element('td', { class: 'num games' }, String(row.games)), bar,
      element('td', { class: 'num score' }, moverScore(row)),
      element('td', { class: 'num' }, row.average_plies === null || row.average_plies === undefined ? '–' : String(row.average_plies)),
      element('td', { class: 'num' }, String(row.continuations)),
      element('td', { class: 'num' }, String(row.transpositions)));
    tr.addEventListener('click', () => onPlay(row.uhp));
    tr.addEventListener('mouseenter', () => onPreview(row.uhp));
    tr.addEventListener('mouseleave', () => onPreview(null));
    button.addEventListener('focus', () => onPreview(row.uhp));
    button.addEventListener('blur', () => onPreview(null));
    body.append(tr);
  }
  table.append(body);
  container.append(table);
}
