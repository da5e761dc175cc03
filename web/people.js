// The views other than the explorer: a player's view, the players list and the
// pattern search, each drawn from its API answer into its section.

import * as api from './api.js';
import { apiFilters } from './filters.js';
import { drawPattern } from './pattern.js';
import { drawPlayer } from './player.js';
import { drawPlayers } from './players.js';

const PAGE = 20;
const $ = (id) => document.getElementById(id);

// page: {showError, isCurrent, markDrawn, go, openPlayer, exploreAs, openGameAt}.
export async function drawPeople(state, page) {
  page.showError(null);
  const section = state.view === 'patterns' ? $('patterns') : $('people');
  try {
    if (state.view === 'player') await drawPlayerView(state, page);
    else if (state.view === 'players') await drawPlayersView(state, page);
    else await drawPattern(section, state, page, apiFilters(state.filters));
    if (page.isCurrent()) page.markDrawn();
  } catch (error) {
    if (!page.isCurrent()) return;
    if (state.view !== 'patterns') section.replaceChildren();
    page.showError(error);
    page.markDrawn();
  }
}

async function drawPlayerView(state, page) {
  const [found, shown] = await Promise.all([api.player(state.name, 'uhp'),
    state.notation === 'uhp' ? null : api.player(state.name, state.notation)]);
  if (!page.isCurrent()) return;
  const doc = { ...found, name: found.name || state.name };  // no games: the name asked
  drawPlayer($('people'), doc, shown ?? found, {
    onLine: (moves, colour) => page.exploreAs(doc.name, colour, moves),
    onPlayer: page.openPlayer,
    onExplore: (colour) => page.exploreAs(doc.name, colour, []),
  });
}

async function drawPlayersView(state, page) {
  const doc = await api.players({ sort: state.sort, limit: PAGE, offset: state.offset });
  if (!page.isCurrent()) return;
  drawPlayers($('people'), doc, { sort: state.sort, offset: state.offset, limit: PAGE }, {
    onPlayer: page.openPlayer,
    onSort: (sort) => page.go({ ...state, sort, offset: 0 }),
    onPage: (offset) => page.go({ ...state, offset }),
  });
}
