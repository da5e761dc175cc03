// What the player view and the players list share: a player's name as a link to
// their view, and a record (games, won, drawn, lost, unfinished, score) as table
// cells with its result bar.

import { element } from './dom.js';
import { recordSegments, resultBar } from './results_bar.js';

// A record's bar: won, drawn, lost, unfinished for the player.
export const barOf = (r) => resultBar([['won', r.wins], ['draw', r.draws], ['lost', r.losses], ['unfinished', r.unfinished]],
  recordSegments);
export const percent = (score) => `${Math.round(score * 1000) / 10}%`;

// A button that opens a player's view.
export function playerLink(name, onPlayer) {
  const button = element('button', { type: 'button', class: 'link player-name', 'data-name': name }, name || '?');
  if (name) button.addEventListener('click', (event) => { event.stopPropagation(); onPlayer(name); });
  else button.disabled = true;
  return button;
}

export function table(headings, className) {
  const t = element('table', { class: className });
  const head = element('tr');
  for (const title of headings) head.append(element('th', { scope: 'col', 'data-col': title }, title));
  const thead = element('thead');
  thead.append(head);
  t.append(thead, element('tbody'));
  return t;
}

// The cells every record row shares: games, W D L U, score, bar.
export function recordCells(r) {
  const bar = element('td', { class: 'bar' });
  bar.append(barOf(r));
  return [element('td', { class: 'num games' }, String(r.games)),
    element('td', { class: 'num wins' }, String(r.wins)), element('td', { class: 'num draws' }, String(r.draws)),
    element('td', { class: 'num losses' }, String(r.losses)),
    element('td', { class: 'num unfinished' }, String(r.unfinished)),
    element('td', { class: 'num score' }, percent(r.score)), bar];
}
export const recordHeadings = ['games', 'won', 'drawn', 'lost', 'unfin.', 'score', 'results'];
