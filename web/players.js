// The table of players (/api/players), a page at a time, most games or best score
// first; a name opens that player's view.

import { element, pager } from './dom.js';
import { playerLink, recordCells, recordHeadings, table } from './records.js';

export function drawPlayers(container, doc, { sort, offset, limit }, { onPlayer, onSort, onPage }) {
  container.replaceChildren();
  const head = element('div', { class: 'players-head' });
  head.append(element('h2', {}, 'Players'));
  const order = element('select', { id: 'players-sort', 'aria-label': 'order' });
  for (const [value, label] of [['games', 'most games first'], ['score', 'best score first']]) {
    const option = element('option', { value }, label);
    option.selected = value === sort;
    order.append(option);
  }
  order.addEventListener('change', () => onSort(order.value));
  head.append(order, element('span', { class: 'games-total' },
    `${doc.total} players; ${doc.players.length ? `${offset + 1}–${offset + doc.players.length}` : 'none'} shown`));
  const t = table(['#', 'player', ...recordHeadings], 'players-table');
  doc.players.forEach((p, i) => {
    const tr = element('tr', { 'data-name': p.name });
    const who = element('td');
    who.append(playerLink(p.name, onPlayer));
    tr.append(element('td', { class: 'num' }, String(offset + i + 1)), who, ...recordCells(p));
    t.tBodies[0].append(tr);
  });
  const pages = pager({ offset, shown: doc.players.length, total: doc.total, limit }, ['‹ previous', 'next ›'], onPage);
  container.append(head, t, pages);
}
