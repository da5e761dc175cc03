// The pattern search (/api/pattern): a formation and a condition on position
// features, with examples; the games where they hold, each at the first ply where
// it does. Opening one shows that game at that ply.

import * as api from './api.js';
import { element, pager } from './dom.js';
import { playerLink } from './records.js';
import { plural } from './explorer.js';

const examples = [
  ['a Beetle on the opponent\'s Queen', 'B on theirs Q', ''],
  ['a Queen surrounded', 'has Q; E: *; SE: *; SW: *; W: *; NW: *; NE: *', ''],
  ['my Queen pressed early', '', 'queen_neighbours.mine >= 5 and ply <= 30'],
  ['a Pillbug by its Queen, an Ant beyond', 'mine Q; E: mine P; 2,0: theirs A', ''],
  ['both sides pinned', '', 'pinned.white >= 4 and pinned.black >= 4'],
];

// The view: the form at once, the results when something is asked. page: what
// app.js lends its views (go, openGameAt, openPlayer, isCurrent).
export async function drawPattern(container, state, page, filters) {
  const handlers = {
    onSearch: ({ pattern, where }) => page.go({ ...state, pattern, where, offset: 0 }),
    onOpen: page.openGameAt,
    onPage: (offset) => page.go({ ...state, offset }),
    onPlayer: page.openPlayer,
  };
  drawPatterns(container, state, null, handlers);
  if (!state.pattern && !state.where) return;
  const doc = await api.pattern(state, filters, { limit: 20, offset: state.offset });
  if (page.isCurrent()) drawPatterns(container, state, doc, handlers);
}

// state: {pattern, where, offset}; doc: the /api/pattern answer or null (nothing
// asked yet); handlers: onSearch({pattern, where}), onOpen(id, ply), onPage(offset), onPlayer(name).
export function drawPatterns(container, state, doc, { onSearch, onOpen, onPage, onPlayer }) {
  container.replaceChildren();
  container.append(element('h2', {}, 'Pattern search'));
  container.append(element('p', { class: 'intro' },
    'Find the games where a formation of pieces stands on the board, or where a condition on the position holds, at any ply.'));
  const form = element('form', { id: 'pattern-form', class: 'pattern-form' });
  const formation = element('textarea', { id: 'pattern-text', name: 'pattern', rows: '2', spellcheck: 'false',
    placeholder: 'mine Q; E: theirs B' });
  formation.value = state.pattern;
  const where = element('input', { id: 'pattern-where', name: 'where', type: 'text', spellcheck: 'false',
    placeholder: 'queen_neighbours.mine >= 5 and ply <= 30' });
  where.value = state.where;
  const formationLabel = element('label', { for: 'pattern-text' }, 'Formation (cells separated by ;, each PLACE: CONTENT)');
  const whereLabel = element('label', { for: 'pattern-where' }, 'Condition on features (queen_neighbours, pinned, in_hand, on_top, mobility, ply)');
  form.append(formationLabel, formation, whereLabel, where, element('button', { type: 'submit' }, 'Search'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    onSearch({ pattern: formation.value.trim(), where: where.value.trim() });
  });
  const list = element('ul', { class: 'pattern-examples', 'aria-label': 'examples' });
  for (const [label, pattern, condition] of examples) {
    const item = element('li');
    const button = element('button', { type: 'button', class: 'link example' }, label);
    button.addEventListener('click', () => onSearch({ pattern, where: condition }));
    item.append(button, element('code', {}, [pattern, condition].filter(Boolean).join('  |  ')));
    list.append(item);
  }
  container.append(form, element('p', { class: 'examples-title' }, 'Examples:'), list);
  if (doc) container.append(results(doc, state, { onOpen, onPage, onPlayer }));
}

function results(doc, state, { onOpen, onPage, onPlayer }) {
  const box = element('section', { class: 'pattern-results', 'aria-label': 'games with the pattern' });
  box.append(element('p', { class: 'games-total' }, doc.total === 0 ? 'No game has this pattern.' :
    `${plural(doc.total, 'game')}, ${plural(doc.positions, 'position')}; white won ${doc.white_wins}, black ${doc.black_wins}, ` +
    `${plural(doc.draws, 'draw')}`));
  if (!doc.games.length) return box;
  const table = element('table', { class: 'games-table pattern-table' });
  const head = element('tr');
  for (const title of ['game', 'players', 'result', 'date', 'at ply']) head.append(element('th', { scope: 'col' }, title));
  const thead = element('thead');
  thead.append(head);
  table.append(thead);
  const body = element('tbody');
  for (const g of doc.games) {
    const row = element('tr', { 'data-id': g.id, 'data-ply': g.ply });
    const open = element('button', { type: 'button', class: 'link open-game', 'aria-label': `open game ${g.id} at ply ${g.ply}` },
      `▸ ${g.id}`);
    open.addEventListener('click', () => onOpen(g.id, g.ply));
    const id = element('td', { class: 'num' });
    id.append(open);
    const who = element('td', { class: 'players' });
    who.append(playerLink(g.white, onPlayer), ' – ', playerLink(g.black, onPlayer));
    row.append(id, who, element('td', {}, g.result), element('td', { class: 'date' }, g.date || '?'),
      element('td', { class: 'num' }, String(g.ply)));
    body.append(row);
  }
  table.append(body);
  box.append(table, pager({ offset: state.offset, shown: doc.games.length, total: doc.total, limit: 20 },
    ['‹ previous', 'next ›'], onPage));
  return box;
}
