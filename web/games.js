// The games that reached the position (a page of /api/search) and the game
// viewer (/api/games/{id}): its tags, step buttons and downloads in every notation.

import { element } from './dom.js';
import { exportUrl } from './api.js';

export const exportFormats = ['uhp', 'pgn-like', 'direction', 'algebraic', 'algebraic-long', 'algebraic-compressed', 'fen'];

const players = (g) => `${g.white || '?'} – ${g.black || '?'}`;

export function drawGameList(container, doc, { offset, limit }, onOpen, onPage) {
  container.replaceChildren();
  const heading = element('p', { class: 'games-total' },
    doc.total === 0 ? 'No game reached this position.' :
      `${doc.total} games reached this position; ${offset + 1}–${offset + doc.games.length} shown, newest first`);
  container.append(heading);
  if (doc.games.length) {
    const table = element('table', { class: 'games-table' });
    const head = element('tr');
    for (const title of ['#', 'players', 'result', 'date', 'event', 'plies', 'reached at']) head.append(element('th', {}, title));
    const thead = element('thead');
    thead.append(head);
    table.append(thead);
    const body = element('tbody');
    for (const g of doc.games) {
      const row = element('tr', { 'data-id': g.id });
      const open = element('button', { type: 'button', class: 'link' }, players(g));
      open.addEventListener('click', () => onOpen(g.id, g.ply));
      const who = element('td');
      who.append(open);
      row.append(element('td', { class: 'num' }, String(g.id)), who, element('td', {}, g.result),
        element('td', {}, g.date || '?'), element('td', { class: 'event' }, g.event || ''),
        element('td', { class: 'num' }, String(g.plies)), element('td', { class: 'num' }, `ply ${g.ply}`));
      body.append(row);
    }
    table.append(body);
    container.append(table);
  }
  const pager = element('div', { class: 'pager' });
  const previous = element('button', { type: 'button', class: 'previous-page' }, '‹ newer');
  const next = element('button', { type: 'button', class: 'next-page' }, 'older ›');
  previous.disabled = offset === 0;
  next.disabled = offset + doc.games.length >= doc.total;
  previous.addEventListener('click', () => onPage(Math.max(0, offset - limit)));
  next.addEventListener('click', () => onPage(offset + limit));
  pager.append(previous, next);
  if (doc.total > limit) container.append(pager);
}

// The viewer of an open game at `ply` (0: before the first move); its plies are
// the move list under the board.
export function drawGameViewer(container, doc, ply, onStep, onClose) {
  container.replaceChildren();
  const g = doc.game;
  const title = element('div', { class: 'viewer-title' });
  title.append(element('strong', {}, `Game ${g.id}: ${players(g)}`),
    element('span', {}, ` ${g.result}, ${g.date || 'no date'}${g.event ? `, ${g.event}` : ''} (${g.game_type})`));
  const close = element('button', { type: 'button', class: 'close-game', title: 'close the game' }, '×');
  close.addEventListener('click', onClose);
  title.append(close);

  const steps = element('div', { class: 'viewer-steps' });
  const last = doc.plies.length;
  for (const [label, target, name] of [['«', 0, 'first'], ['‹', ply - 1, 'previous'], ['›', ply + 1, 'next'], ['»', last, 'last']]) {
    const button = element('button', { type: 'button', class: `step-${name}`, title: `${name} ply` }, label);
    button.disabled = target < 0 || target > last || target === ply;
    button.addEventListener('click', () => onStep(target));
    steps.append(button);
  }
  steps.append(element('span', { class: 'viewer-ply' }, `ply ${ply} of ${last}`));

  const downloads = element('div', { class: 'downloads' }, 'Download: ');
  for (const format of exportFormats) {
    downloads.append(element('a', { href: exportUrl(g.id, format), download: '', class: 'download' }, format), ' ');
  }
  container.append(title, steps, downloads);
}
