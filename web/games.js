// The games that reached the position (a page of /api/search) and the game
// viewer (/api/games/{id}): its tags, step buttons and downloads in every notation.
// Players' names open their view.

import { element, pager } from './dom.js';
import { exportUrl, positionSvgUrl } from './api.js';
import { playerLink } from './records.js';
import { plural } from './explorer.js';

// The notations a game downloads in (all that write games), and a list of games
// (those that write moves too): filled from GET
// /api/notations at start.
export const gameNotations = [];
export const exportNotations = [];

// White – Black, each name a link to the player's view.
function players(g, onPlayer) {
  const both = element('span', { class: 'players' });
  both.append(playerLink(g.white, onPlayer), ' – ', playerLink(g.black, onPlayer));
  return both;
}

const sortLabels = { date: 'newest first', rating: 'highest rated first', plies: 'longest first', id: 'latest added first' };

// list: {offset, limit, sort}; handlers: onOpen(id, ply), onPage(offset),
// onPlayer(name), onSort(sort); exportUrl(notation): the whole list as a file.
export function drawGameList(container, doc, list, { onOpen, onPage, onPlayer, onSort }, exportUrlOf) {
  const { offset, limit, sort } = list;
  container.replaceChildren();
  const head = element('div', { class: 'games-head' });
  head.append(element('p', { class: 'games-total' },
    doc.total === 0 ? 'No game reached this position.' :
      `${plural(doc.total, 'game')} reached this position; ${offset + 1}–${offset + doc.games.length} shown`));
  const order = element('select', { id: 'games-sort', 'aria-label': 'order of the games' });
  for (const [value, label] of Object.entries(sortLabels)) {
    const option = element('option', { value }, label);
    option.selected = value === sort;
    order.append(option);
  }
  order.addEventListener('change', () => onSort(order.value));
  head.append(order);
  container.append(head);
  if (doc.games.length) {
    const table = element('table', { class: 'games-table' });
    const headRow = element('tr');
    for (const title of ['game', 'players', 'result', 'date', 'event', 'plies', 'reached at']) {
      headRow.append(element('th', { scope: 'col', 'data-col': title }, title));
    }
    const thead = element('thead');
    thead.append(headRow);
    table.append(thead);
    const body = element('tbody');
    for (const g of doc.games) {
      const row = element('tr', { 'data-id': g.id });
      const open = element('button', { type: 'button', class: 'link open-game', 'aria-label': `open game ${g.id}` }, `▸ ${g.id}`);
      open.addEventListener('click', () => onOpen(g.id, g.ply));
      const id = element('td', { class: 'num' });
      id.append(open);
      const who = element('td', { class: 'who' });
      who.append(players(g, onPlayer));
      row.append(id, who, element('td', {}, g.result),
        element('td', { class: 'date' }, g.date || '?'), element('td', { class: 'event' }, g.event || ''),
        element('td', { class: 'num plies' }, String(g.plies)), element('td', { class: 'num reached' }, `ply ${g.ply}`));
      body.append(row);
    }
    table.append(body);
    container.append(table);
  }
  if (doc.total > limit) {
    container.append(pager({ offset, shown: doc.games.length, total: doc.total, limit }, ['‹ previous', 'next ›'], onPage));
  }
  if (doc.total > 0) container.append(exportLinks(doc.total, exportUrlOf));
}

// Every listed game as one file, in each notation the server writes moves in.
function exportLinks(total, exportUrlOf) {
  const box = element('p', { class: 'downloads export-list' }, `Download ${total === 1 ? 'this game' : `these ${total} games`}: `);
  for (const notation of exportNotations) {
    box.append(element('a', { href: exportUrlOf(notation), download: '', class: 'download' }, notation), ' ');
  }
  return box;
}

// The viewer of an open game at `ply` (0: before the first move); its plies are
// the move list under the board.
export function drawGameViewer(container, doc, ply, onStep, onClose, onPlayer) {
  container.replaceChildren();
  const g = doc.game;
  const title = element('div', { class: 'viewer-title' });
  title.append(element('strong', {}, `Game ${g.id}: `), players(g, onPlayer),
    element('span', {}, ` ${g.result}, ${g.date || 'no date'}${g.event ? `, ${g.event}` : ''} (${g.game_type})`));
  const close = element('button', { type: 'button', class: 'close-game', title: 'close the game', 'aria-label': 'close the game' }, '×');
  close.addEventListener('click', onClose);
  title.append(close);

  const steps = element('div', { class: 'viewer-steps' });
  const last = doc.plies.length;
  for (const [label, target, name] of [['«', 0, 'first'], ['‹', ply - 1, 'previous'], ['›', ply + 1, 'next'], ['»', last, 'last']]) {
    const button = element('button', { type: 'button', class: `step-${name}`, title: `${name} ply`, 'aria-label': `${name} ply` }, label);
    button.disabled = target < 0 || target > last || target === ply;
    button.addEventListener('click', () => onStep(target));
    steps.append(button);
  }
  steps.append(element('span', { class: 'viewer-ply' }, `ply ${ply} of ${last}`));
  // The game closes and its position stays: the explorer from here, other moves playable.
  const explore = element('button', { type: 'button', class: 'link explore-here' }, 'explore from here');
  explore.addEventListener('click', onClose);
  steps.append(explore, element('a', { href: positionSvgUrl({ game: g.id, ply }), target: '_blank', class: 'picture' }, 'picture'));

  const downloads = element('div', { class: 'downloads' }, 'Download: ');
  for (const written of gameNotations) {
    downloads.append(element('a', { href: exportUrl(g.id, written), download: '', class: 'download' }, written), ' ');
  }
  container.append(title, steps, downloads);
}
