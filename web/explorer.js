// The explorer table: the games through the position and every move played from
// it, as /api/explore answers (no numbers are computed here beyond bar widths).
// Clicking a move plays it.

import { element } from './dom.js';

// A win/draw/loss bar for the player to move (unfinished games in grey), with the
// counts in its tooltip.
export function resultBar(counts) {
  const bar = element('div', { class: 'wdl' });
  const parts = [
    ['win', counts.mover_wins], ['draw', counts.draws],
    ['loss', counts.mover_losses], ['unfinished', counts.unfinished ?? 0],
  ];
  const total = parts.reduce((sum, [, n]) => sum + n, 0);
  for (const [kind, n] of parts) {
    if (!n) continue;
    const share = (100 * n) / total;
    const segment = element('span', { class: kind, style: `width:${share}%` },
      share >= 12 ? `${Math.round(share)}%` : '');
    bar.append(segment);
  }
  bar.title = parts.map(([kind, n]) => `${kind} ${n}`).join(', ');
  return bar;
}

const average = (value) => (value === null || value === undefined ? '-' : String(value));

export function drawExplorer(container, doc, onPlay) {
  container.replaceChildren();
  const summary = element('div', { class: 'explore-summary' });
  summary.append(element('span', { class: 'games-count' }, `${doc.games} games`),
    element('span', {}, `${doc.to_move} to move`),
    element('span', {}, `average length ${average(doc.average_plies)} plies`));
  container.append(summary, resultBar(doc));

  const table = element('table', { class: 'moves-table' });
  const head = element('tr');
  for (const title of ['move', 'games', `result for the mover`, 'avg plies', 'same order', 'transposed']) {
    head.append(element('th', {}, title));
  }
  const thead = element('thead');
  thead.append(head);
  table.append(thead);
  const body = element('tbody');
  for (const row of doc.moves) {
    const tr = element('tr', { 'data-uhp': row.uhp ?? '' });
    const move = element('td', { class: 'move' });
    move.append(element('button', { type: 'button', class: 'link' }, row.move));
    const bar = element('td');
    bar.append(resultBar(row));
    tr.append(move, element('td', { class: 'num' }, String(row.games)), bar,
      element('td', { class: 'num' }, average(row.average_plies)),
      element('td', { class: 'num' }, String(row.continuations)),
      element('td', { class: 'num' }, String(row.transpositions)));
    tr.addEventListener('click', () => onPlay(row.uhp));
    body.append(tr);
  }
  table.append(body);
  if (doc.moves.length === 0) {
    container.append(element('p', { class: 'empty' }, 'No game in the database continues from here.'));
  } else {
    container.append(table);
  }
}
