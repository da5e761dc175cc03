// Beside the moves table: the latest games that reached the position, and its top
// games (the tournament games among them, latest first) when the database knows
// which games are tournament games. A game opens at the ply it reached the position.

import { element } from './dom.js';

const SHOWN = 5;

function block(title, className, games, onOpen) {
  const section = element('section', { class: className });
  section.append(element('h3', {}, title));
  if (!games.length) {
    section.append(element('p', { class: 'empty' }, 'None.'));
    return section;
  }
  const list = element('ol', { class: 'highlight-list' });
  for (const g of games) {
    const item = element('li', { 'data-id': g.id });
    const open = element('button', { type: 'button', class: 'link open-game', title: `open game ${g.id}` },
      `${g.white || '?'} – ${g.black || '?'}`);
    open.addEventListener('click', () => onOpen(g.id, g.ply));
    item.append(open, element('span', { class: 'meta' }, ` ${g.result}, ${g.date || 'no date'}`));
    list.append(item);
  }
  section.append(list);
  return section;
}

// recent: a promise of an /api/search page by date (its first games are shown);
// search(extraParams) resolves to another page; withTournament: whether the API
// knows tournament games.
export async function drawHighlights(container, recent, search, withTournament, onOpen) {
  const [latest, top] = await Promise.all([recent,
    withTournament ? search({ sort: 'date', limit: SHOWN, offset: 0, tournament: '1' }) : null]);
  container.replaceChildren();
  if (top) container.append(block('Top games', 'top-games', top.games, onOpen));
  container.append(block('Recent games', 'recent-games', latest.games.slice(0, SHOWN), onOpen));
}
