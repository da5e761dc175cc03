// Wiring: the view's state lives in the URL (the explorer's position, moves,
// filters and open game; or a player's view; or the players list), every step
// pushes a history entry, and popstate redraws from the URL, so a link or the
// browser's back button reopens the same view.

import * as api from './api.js';
import { BoardView } from './board.js';
import { drawExplorer } from './explorer.js';
import { drawGameList, drawGameViewer, exportFormats } from './games.js';
import { filterNames, readForm, fillForm, apiFilters, describeFilters } from './filters.js';
import { drawMoveList } from './move_list.js';
import { drawPlayer } from './player.js';
import { drawPlayers } from './players.js';

const PAGE = 20;
const $ = (id) => document.getElementById(id);

// position: the pasted starting point ('' is the start of Base+MLP); line: the UHP
// moves played from it, possibly past `ply` after stepping back; game: the open
// game's id (its plies are then the line). view: explore, player (`name`) or
// players (`sort`, `offset`).
const explorerState = { view: 'explore', position: '', line: [], ply: 0, filters: {}, notation: 'uhp', game: null, offset: 0 };
let state = { ...explorerState };
let openGame = null;  // the /api/games/{id} document of state.game
let request = 0;      // drawings of older requests are dropped

const board = new BoardView($('board'), { top: $('hand-top'), bottom: $('hand-bottom') },
  (move) => play(move.uhp), (text) => { $('hover-info').textContent = text; });

// A game's plies start from the empty board of its game type.
const startOf = (gameType) => (!gameType || gameType === 'Base+MLP' ? '' : `${gameType};NotStarted;White[1]`);
// An open game's position is asked by its id and ply, as the server reads it.
const here = () => (state.game !== null ? { game: state.game, ply: state.ply }
  : { position: state.position, moves: state.line.slice(0, state.ply) });

function urlOf(s) {
  const query = new URLSearchParams();
  if (s.view !== 'explore') {
    query.set('view', s.view);
    if (s.view === 'player') query.set('name', s.name);
    if (s.view === 'players' && s.sort !== 'games') query.set('sort', s.sort);
    if (s.view === 'players' && s.offset) query.set('offset', s.offset);
    if (s.notation !== 'uhp') query.set('notation', s.notation);
    return `?${query}`;
  }
  if (s.game !== null) {
    query.set('game', s.game);
    query.set('ply', s.ply);
  } else {
    if (s.position) query.set('position', s.position);
    if (s.ply) query.set('moves', s.line.slice(0, s.ply).join(';'));
  }
  for (const name of filterNames) if (s.filters[name]) query.set(name, s.filters[name]);
  if (s.notation !== 'uhp') query.set('notation', s.notation);
  const text = query.toString();
  return text ? `?${text}` : location.pathname;
}

function stateOfUrl() {
  const query = new URLSearchParams(location.search);
  const view = query.get('view');
  if (view === 'player' || view === 'players') {
    return { ...explorerState, view, name: query.get('name') ?? '', sort: query.get('sort') === 'score' ? 'score' : 'games',
      offset: Math.max(0, Number(query.get('offset')) || 0), notation: query.get('notation') ?? 'uhp' };
  }
  const filters = {};
  for (const name of filterNames) if (query.get(name)) filters[name] = query.get(name);
  const moves = (query.get('moves') ?? '').split(';').map((m) => m.trim()).filter(Boolean);
  const game = query.get('game');
  // Keep the moves ahead of the shown ply when the URL is a step along the same line.
  const sameLine = game === null && state.game === null && moves.every((m, i) => state.line[i] === m) &&
    (query.get('position') ?? '') === state.position;
  return {
    view: 'explore',
    position: query.get('position') ?? '',
    line: sameLine ? state.line : moves,
    ply: game !== null ? Number(query.get('ply') ?? 0) : moves.length,
    filters, notation: query.get('notation') ?? 'uhp', game, offset: 0,
  };
}

function go(next) {
  state = next;
  history.pushState(null, '', urlOf(state));
  return draw();
}

function play(uhp) {
  const line = state.line[state.ply] === uhp ? state.line : [...state.line.slice(0, state.ply), uhp];
  const leaving = state.game !== null && line !== state.line;
  go({ ...state, line, ply: state.ply + 1, offset: 0, game: leaving ? null : state.game });
}

const step = (ply) => go({ ...state, ply: Math.max(0, Math.min(ply, state.line.length)), offset: 0 });

function showError(error) {
  $('error').textContent = error ? error.message : '';
  $('error').hidden = !error;
}

async function loadGame() {
  if (state.game === null) { openGame = null; return; }
  if (openGame?.game.id !== Number(state.game) || openGame.notation !== state.notation) {
    openGame = await api.game(state.game, state.notation);
    openGame.notation = state.notation;
  }
  state.position = startOf(openGame.game.game_type);
  state.line = openGame.plies.map((p) => p.uhp);
}

// Numbers each drawing in body[data-ready], unique across page loads (for tests).
function markDrawn(mine) {
  document.body.dataset.ready = `${performance.timeOrigin}-${mine}`;
}

async function draw() {
  const mine = ++request;
  const current = () => mine === request;
  $('explorer-view').hidden = state.view !== 'explore';
  $('people').hidden = state.view === 'explore';
  if (state.view !== 'explore') return drawPeople(mine, current);
  try {
    await loadGame();
    if (!current()) return;
    const filters = apiFilters(state.filters);
    // The board is drawn even when the explorer refuses a filter.
    const [boardDoc, explored] = await Promise.all([api.board(here(), state.notation),
      api.explore(here(), filters, state.notation).catch((error) => ({ error }))]);
    if (!current()) return;
    showError(explored.error ?? null);
    board.show(boardDoc);
    drawStatus(boardDoc);
    drawMoveList($('move-list'), state, openGame, boardDoc, step);
    drawViewer();
    if (explored.error) {
      $('explorer').replaceChildren();
      $('games').replaceChildren();
      return;
    }
    drawExplorer($('explorer'), explored, play);
    markDrawn(mine);
    performance.mark('apiary-drawn');
    const gamesDoc = await api.search(here(), filters, { limit: PAGE, offset: state.offset });
    if (!current()) return;
    drawGameList($('games'), gamesDoc, { offset: state.offset, limit: PAGE }, openGameAt,
      (offset) => { state.offset = offset; draw(); }, openPlayer);
  } catch (error) {
    if (current()) showError(error);
  }
}

function drawStatus(doc) {
  const ended = { WhiteWins: 'White wins', BlackWins: 'Black wins', Draw: 'Draw' }[doc.state];
  $('status').textContent = ended ?? `${doc.to_move === 'white' ? 'White' : 'Black'} to move, ply ${doc.ply}`;
  $('filters-summary').textContent = describeFilters(state.filters);
  const pass = doc.moves.find((m) => m.uhp === 'pass');
  $('pass').hidden = !pass;
  $('back').disabled = $('start').disabled = state.ply === 0;
  $('forward').disabled = state.ply >= state.line.length;
}

function drawViewer() {
  $('viewer').hidden = !openGame;
  if (!openGame) return;
  drawGameViewer($('viewer'), openGame, state.ply, step, () => go({ ...state, game: null, offset: 0 }), openPlayer);
}

// The player view or the players list.
async function drawPeople(mine, current) {
  showError(null);
  try {
    if (state.view === 'player') {
      const [found, shown] = await Promise.all([api.player(state.name, 'uhp'),
        state.notation === 'uhp' ? null : api.player(state.name, state.notation)]);
      if (!current()) return;
      const doc = { ...found, name: found.name || state.name };  // no games: the name asked
      drawPlayer($('people'), doc, shown ?? found, {
        onLine: (moves, colour) => exploreAs(doc.name, colour, moves),
        onPlayer: openPlayer,
        onExplore: (colour) => exploreAs(doc.name, colour, []),
      });
    } else {
      const doc = await api.players({ sort: state.sort, limit: PAGE, offset: state.offset });
      if (!current()) return;
      drawPlayers($('people'), doc, { sort: state.sort, offset: state.offset, limit: PAGE }, {
        onPlayer: openPlayer,
        onSort: (sort) => go({ ...state, sort, offset: 0 }),
        onPage: (offset) => go({ ...state, offset }),
      });
    }
    markDrawn(mine);
  } catch (error) {
    if (!current()) return;
    $('people').replaceChildren();
    showError(error);
    markDrawn(mine);
  }
}

function openPlayer(name) {
  go({ ...explorerState, view: 'player', name, notation: state.notation });
}

// The explorer after `moves`, on the player's games (as first or second player
// when `colour` says so): that player's own tree.
function exploreAs(name, colour, moves) {
  const filters = colour ? { player: name, colour } : { player: name };
  go({ ...explorerState, notation: state.notation, filters, line: moves, ply: moves.length });
  showControls();
}

function openGameAt(id, ply) {
  go({ ...state, game: String(id), ply, offset: 0 });
}

// A pasted move list or GameString becomes a line the move list can step through;
// a position string stays the starting point.
async function paste(text) {
  try {
    const doc = await api.board({ position: text, moves: [] }, state.notation);
    const fromStart = doc.history.length > 0;
    go({
      ...state, game: null, offset: 0,
      position: fromStart ? startOf(doc.game_type) : text,
      line: fromStart ? doc.history : [], ply: fromStart ? doc.history.length : 0,
    });
  } catch (error) {
    showError(error);
  }
}

function wire() {
  $('start').addEventListener('click', () => step(0));
  $('back').addEventListener('click', () => step(state.ply - 1));
  $('forward').addEventListener('click', () => step(state.ply + 1));
  $('rotate').addEventListener('click', () => board.turn(1));
  $('flip').addEventListener('click', () => board.flip());
  $('pass').addEventListener('click', () => play('pass'));
  $('paste-form').addEventListener('submit', (event) => {
    event.preventDefault();
    paste($('paste').value.trim());
  });
  $('filters').addEventListener('submit', (event) => {
    event.preventDefault();
    go({ ...state, filters: readForm($('filters')), offset: 0 });
  });
  $('filters').addEventListener('reset', () => setTimeout(() => go({ ...state, filters: {}, offset: 0 })));
  $('notation').addEventListener('change', () => go({ ...state, notation: $('notation').value }));
  $('player-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = $('player-search').value.trim();
    if (name) openPlayer(name);
  });
  $('to-players').addEventListener('click', (event) => {
    event.preventDefault();
    go({ ...explorerState, view: 'players', sort: 'games', offset: 0, notation: state.notation });
  });
  $('to-explorer').addEventListener('click', (event) => {
    event.preventDefault();
    go({ ...explorerState, notation: state.notation });
    showControls();
  });
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, textarea, select')) return;
    if (event.key === 'ArrowLeft') step(state.ply - 1);
    if (event.key === 'ArrowRight') step(state.ply + 1);
  });
  window.addEventListener('popstate', () => {
    state = stateOfUrl();
    showControls();
    draw();
  });
}

// The filter form and the notation as the URL says; the filters open when any is set.
function showControls() {
  fillForm($('filters'), state.filters);
  if (Object.keys(state.filters).length) $('filters-box').open = true;
  $('notation').value = state.notation;
}

// The notations this server writes (GET /api/notations, from the notation table):
// the page keeps no list of its own. Should the list not come, the page still
// opens, with the UHP its HTML offers and no downloads, and says why.
async function loadNotations() {
  const { notations } = await api.notations();
  exportFormats.splice(0, exportFormats.length, ...notations.filter((n) => n.write).map((n) => n.name));
  const options = notations.filter((n) => n.moves).map((n) => {
    const option = document.createElement('option');
    option.value = option.textContent = n.name;
    return option;
  });
  $('notation').replaceChildren(...options);
}

wire();
const notationsFailed = await loadNotations().then(() => null, (error) => error);
state = stateOfUrl();
showControls();
await draw();
if (notationsFailed) showError(new Error(`the notations did not load: ${notationsFailed.message}`));
