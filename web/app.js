// Wiring: the view's state lives in the URL (url_state.js), every step pushes a
// history entry (a step to where the page already is pushes none), and popstate
// redraws from the URL, so a link or the browser's back button reopens the same view.

import * as api from './api.js';
import { BoardView } from './board.js';
import { drawExplorer } from './explorer.js';
import { drawGameList, drawGameViewer, gameNotations, exportNotations } from './games.js';
import { readForm, fillForm, apiFilters, describeFilters, describeError } from './filters.js';
import { drawHighlights } from './highlights.js';
import { drawMoveList } from './move_list.js';
import { drawPeople } from './people.js';
import { suggestNames } from './suggest.js';
import { explorerState, stateOfUrl, urlOf } from './url_state.js';

const PAGE = 20;
const $ = (id) => document.getElementById(id);

let state = { ...explorerState };
let openGame = null;   // the /api/games/{id} document of state.game
let boardDoc = null;   // the /api/board document shown
let request = 0;       // drawings of older requests are dropped
const features = { archive: false };  // what this server's API offers beyond the basics

const board = new BoardView($('board'), { top: $('hand-top'), bottom: $('hand-bottom') },
  (move) => play(move.uhp), (text) => { $('hover-info').textContent = text; });

// The game type a move list is played in: the filter's, else Base+MLP.
const gameTypeShown = () => state.filters.game_type || 'Base+MLP';
// A game's plies start from the empty board of its game type.
const startOf = (gameType) => (!gameType || gameType === 'Base+MLP' ? '' : `${gameType};NotStarted;White[1]`);
// An open game's position is asked by its id and ply, as the server reads it.
const here = () => (state.game !== null ? { game: state.game, ply: state.ply }
  : { position: state.position || startOf(state.filters.game_type), moves: state.line.slice(0, state.ply) });

function go(next) {
  state = next;
  const url = urlOf(state);
  if (url !== location.search && !(url === location.pathname && !location.search)) history.pushState(null, '', url);
  return draw();
}

// Only a move legal on the board shown is played: anything else would push a
// history entry the server then refuses.
function play(uhp) {
  if (!boardDoc?.moves.some((m) => m.uhp === uhp)) return;
  const line = state.line[state.ply] === uhp ? state.line : [...state.line.slice(0, state.ply), uhp];
  const leaving = state.game !== null && line !== state.line;
  go({ ...state, line, ply: state.ply + 1, offset: 0, game: leaving ? null : state.game });
}

const step = (ply) => go({ ...state, ply: Math.max(0, Math.min(ply, state.line.length)), offset: 0 });

function showError(error) {
  $('error').textContent = error ? describeError(error, $('filters')) : '';
  $('error').hidden = !error;
  if (!error) describeError({ message: '' }, $('filters'));
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

const listParams = () => ({ sort: state.sort, same_order: state.sameOrder ? '1' : '' });

async function draw() {
  const mine = ++request;
  const current = () => mine === request;
  $('explorer-view').hidden = state.view !== 'explore';
  $('people').hidden = state.view !== 'player' && state.view !== 'players';
  $('patterns').hidden = state.view !== 'patterns';
  if (state.view !== 'explore') {
    return drawPeople(state, { showError, isCurrent: current, markDrawn: () => markDrawn(mine), go, openPlayer,
      exploreAs, openGameAt });
  }
  try {
    await loadGame();
    if (!current()) return;
    let filters;
    try {
      filters = apiFilters(state.filters);
    } catch (error) {
      filters = null;
      showError(error);
    }
    // The board is drawn even when the explorer refuses a filter.
    const [shown, explored] = await Promise.all([api.board(here(), state.notation),
      filters ? api.explore(here(), filters, state.notation).catch((error) => ({ error })) : { error: null }]);
    if (!current()) return;
    boardDoc = shown;
    if (filters) showError(explored.error ?? null);
    board.show(boardDoc);
    drawStatus(boardDoc);
    drawMoveList($('move-list'), state, openGame, boardDoc, step);
    drawViewer();
    if (!filters || explored.error) {
      for (const id of ['explorer', 'games', 'highlights']) $(id).replaceChildren();
      markDrawn(mine);
      return;
    }
    drawExplorer($('explorer'), explored, boardDoc, { onPlay: play, onPreview: (uhp) => board.preview(uhp) });
    if (explored.games === 0 && state.ply === 0 && !state.position && !Object.keys(state.filters).length) drawEmptyDatabase();
    markDrawn(mine);
    performance.mark('apiary-drawn');
    const list = { ...listParams(), limit: PAGE, offset: state.offset };
    const search = (extra) => api.search(here(), filters, { ...list, ...extra });
    const listed = search({});
    // The games list's first page by date holds the recent games already.
    const recent = state.sort === 'date' && state.offset === 0 ? listed : search({ sort: 'date', offset: 0, limit: 5 });
    const [gamesDoc] = await Promise.all([listed,
      featuresReady.then(() => drawHighlights($('highlights'), recent, search, features.archive, openGameAt))
        .catch(() => $('highlights').replaceChildren())]);
    if (!current()) return;
    drawGameList($('games'), gamesDoc, { offset: state.offset, limit: PAGE, sort: state.sort }, {
      onOpen: openGameAt, onPage: (offset) => go({ ...state, offset }), onPlayer: openPlayer,
      onSort: (sort) => go({ ...state, sort, offset: 0 }),
    }, (notation) => api.positionExportUrl(here(), filters, listParams(), notation));
    $('games').dataset.ready = `${mine}`;
  } catch (error) {
    if (current()) {
      showError(error);
      markDrawn(mine);
    }
  }
}

// No game at all: how to fill the database.
function drawEmptyDatabase() {
  const note = document.createElement('div');
  note.className = 'empty-database';
  note.innerHTML = '<p><strong>The database is empty.</strong> Fill it from the command line, then reload this page:</p>' +
    '<ul><li><code>apiary sync</code> fetches boardspace\'s archive of games;</li>' +
    '<li><code>apiary ingest FOLDER</code> reads your own game files (PGN, SGF, any notation).</li></ul>';
  $('explorer').append(note);
}

const endedText = { WhiteWins: 'White won', BlackWins: 'Black won', Draw: 'Drawn' };

function drawStatus(doc) {
  const ended = endedText[doc.state];
  $('status').textContent = ended ? `${ended}, ply ${doc.ply}` : `${doc.to_move === 'white' ? 'White' : 'Black'} to move, ply ${doc.ply}`;
  $('filters-summary').textContent = describeFilters(state.filters);
  $('pass').hidden = !doc.moves.find((m) => m.uhp === 'pass');
  $('back').disabled = $('start').disabled = state.ply === 0;
  $('forward').disabled = $('end').disabled = state.ply >= state.line.length;
  document.querySelector('.board-panel').classList.toggle('empty-board', doc.stacks.length === 0);
}

function drawViewer() {
  $('viewer').hidden = !openGame;
  if (!openGame) return;
  drawGameViewer($('viewer'), openGame, state.ply, step, () => go({ ...state, game: null, offset: 0 }), openPlayer);
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
  go({ ...explorerState, filters: state.filters, notation: state.notation, sameOrder: state.sameOrder, sort: state.sort,
    game: String(id), ply });
  showControls();
}

// A pasted move list or game becomes a line the move list can step through (in the
// filter's game type unless it names one); a position string stays the starting point.
async function paste(text) {
  try {
    const doc = await api.board({ position: text, moves: [] }, state.notation, gameTypeShown());
    const fromStart = doc.history.length > 0;
    go({
      ...state, view: 'explore', game: null, offset: 0,
      position: fromStart ? startOf(doc.game_type) : text,
      line: fromStart ? doc.history : [], ply: fromStart ? doc.history.length : 0,
    });
  } catch (error) {
    showError(error.parameter ? error : Object.assign(error, { parameter: 'position' }));
  }
}

function wire() {
  $('start').addEventListener('click', () => step(0));
  $('back').addEventListener('click', () => step(state.ply - 1));
  $('forward').addEventListener('click', () => step(state.ply + 1));
  $('end').addEventListener('click', () => step(state.line.length));
  $('rotate').addEventListener('click', () => board.turn(1));
  $('flip').addEventListener('click', () => board.flip());
  $('pass').addEventListener('click', () => play('pass'));
  $('paste-form').addEventListener('submit', (event) => {
    event.preventDefault();
    paste($('paste').value.trim());
  });
  // A text of several lines gets the room to show them.
  $('paste').addEventListener('input', () => $('paste').classList.toggle('grown', $('paste').value.includes('\n')));
  // Enter opens, Shift+Enter starts a new line (a pasted game keeps its own).
  $('paste').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      $('paste-form').requestSubmit();
    }
  });
  $('filters').addEventListener('submit', (event) => {
    event.preventDefault();
    go({ ...state, filters: readForm($('filters')), offset: 0 });
  });
  $('filters').addEventListener('reset', () => setTimeout(() => go({ ...state, filters: {}, offset: 0 })));
  $('notation').addEventListener('change', () => go({ ...state, notation: $('notation').value }));
  $('same-order').addEventListener('change', () => go({ ...state, sameOrder: $('same-order').checked, offset: 0 }));
  $('player-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = $('player-search').value.trim();
    if (name) openPlayer(name);
  });
  suggestNames([$('player-search'), $('filters').elements.player], $('player-names'));
  for (const [link, view, extra] of [['to-players', 'players', { sort: 'games' }], ['to-patterns', 'patterns', {}],
    ['to-explorer', 'explore', {}]]) {
    $(link).addEventListener('click', (event) => {
      event.preventDefault();
      go({ ...explorerState, view, ...extra, notation: state.notation });
      showControls();
    });
  }
  document.addEventListener('keydown', (event) => {
    if (event.target.closest('input, textarea, select') || state.view !== 'explore') return;
    const to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.line.length }[event.key];
    if (to !== undefined) {
      event.preventDefault();
      if (Math.max(0, Math.min(to, state.line.length)) !== state.ply) step(to);
    }
    if (event.key === 'Escape') {
      board.select(null);
      board.preview(null);
    }
  });
  window.addEventListener('popstate', () => {
    state = stateOfUrl(state);
    showControls();
    draw();
  });
}

// The filter form, the notation and the switches as the URL says; the filters
// open when any is set.
function showControls() {
  fillForm($('filters'), state.filters);
  if (Object.keys(state.filters).length) $('filters-box').open = true;
  $('notation').value = state.notation;
  $('same-order').checked = state.sameOrder;
}

// The notations this server writes (GET /api/notations, from the notation table):
// the page keeps no list of its own. Should the list not come, the page still
// opens, with the UHP its HTML offers and no downloads, and says why.
async function loadNotations() {
  const { notations } = await api.notations();
  gameNotations.splice(0, gameNotations.length, ...notations.filter((n) => n.write).map((n) => n.name));
  exportNotations.splice(0, exportNotations.length, ...notations.filter((n) => n.write && n.moves).map((n) => n.name));
  $('notation').replaceChildren(...notations.filter((n) => n.moves).map((n) => new Option(n.name, n.name)));
}

// The archive's filters (humans, guests, tournament, rating) show when the API
// takes them.
async function loadFeatures() {
  // tournament=0 names the parameter without filtering: a server without it refuses it.
  features.archive = await api.games({ tournament: '0' }, { limit: 1 }).then(() => true, () => false);
  $('archive-filters').hidden = !features.archive;
}

wire();
const featuresReady = loadFeatures();
const notationsFailed = await loadNotations().then(() => null, (error) => error);
state = stateOfUrl(state);
showControls();
await draw();
if (notationsFailed) showError(new Error(`the notations did not load: ${notationsFailed.message}`));
