// Beside the moves table: the top games that reached the position (the highest
// rated, both ratings known; without ratings, the latest tournament games) when
// the database knows ratings and tournaments, and the latest games. A game opens
// at the ply it reached the position.

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
    const rated = g.white_rating != null && g.black_rating != null ? `, rated ${g.white_rating}/${g.black_rating}` : '';
    item.append(open, element('span', { class: 'meta' }, ` ${g.result}, ${g.date || 'no date'}${rated}`));
    list.append(item);
  }
  section.append(list);
  return section;
}

// The highest rated games, else the latest tournament games.
async function topGames(search) {
  const rated = await search({ sort: 'rating', min_rating: '0', limit: SHOWN, offset: 0 });
  return rated.games.length ? rated : search({ sort: 'date', tournament: '1', limit: SHOWN, offset: 0 });
}

// recent: a promise of an /api/search page by date (its first games are shown);
// search(extraParams) resolves to another page; archive: whether the API knows
// ratings and tournament games.
export async function drawHighlights(container, recent, search, archive, onOpen) {
  const [latest, top] = await Promise.all([recent, archive ? topGames(search) : null]);
  container.replaceChildren();
  if (top) container.append(block('Top games', 'top-games', top.games, onOpen));
  container.append(block('Recent games', 'recent-games', latest.games.slice(0, SHOWN), onOpen));
}
