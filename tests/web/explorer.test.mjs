// The explorer page in headless chromium against a real `apiary serve`: the board,
// the explorer table, the URL state, pasting, playing on the board, the game
// viewer, a player's view and the players list. Run by `node --test` (ctest registers it; it reports itself skipped when
// node, playwright-core, chromium or the serve command is missing).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  missingPrerequisite, getJson, buildDir,
} from './server.mjs';
import { apiPieces, pageHelpers, startSession } from './browser.mjs';

const missing = await missingPrerequisite();
const plural = (n) => `${n} ${n === 1 ? 'game' : 'games'}`;
if (missing) console.log(`apiary-web-skip: ${missing}`);

let server, browser, page;
let drawn, act, piecesOnBoard, movesInUrl, handPieces;
const foreignRequests = [];
let session, pageErrors;

before(async () => {
  if (missing) return;
  session = await startSession();
  ({ server, browser, page, pageErrors } = session);
  ({ drawn, act, piecesOnBoard, movesInUrl, handPieces } = pageHelpers(page));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') foreignRequests.push(request.url());
  });
});

after(async () => { await session?.stop(); });

// Each test below belongs to the explorer page in chromium; they run in order on one page.
const runIf = { skip: missing ? `apiary-web-skip: ${missing}` : false };

test('the start page shows an empty board, both full hands and the first moves', runIf, async () => {
  await page.goto(server.base + '/');
  await drawn('');
  const firstRender = await page.evaluate(() => performance.getEntriesByName('apiary-drawn')[0].startTime);
  console.log(`first render (navigation start to board and explorer drawn): ${firstRender.toFixed(1)} ms`);
  assert.equal(await piecesOnBoard(), 0);
  assert.equal(await handPieces('bottom'), 14);
  assert.equal(await handPieces('top'), 14);
  assert.equal(await page.locator('#hand-bottom .hand-piece').count(), 8, 'one tile a bug');
  const explore = await getJson(server.base, '/api/explore');
  assert.ok(explore.moves.length > 0, 'the generated games have first moves');
  assert.equal(await page.locator('.moves-table tbody tr').count(), explore.moves.length);
  assert.equal(await page.locator('.games-count').textContent(), plural(explore.games));
});

test('the games that reached the position come 20 a page, and moves in another notation', runIf, async () => {
  const search = await getJson(server.base, '/api/search?limit=20');
  assert.ok(search.total > 20);
  assert.equal(await page.locator('.games-table tbody tr').count(), 20);
  const firstId = await page.locator('.games-table tbody tr').first().getAttribute('data-id');
  await page.click('.next-page');
  await page.waitForFunction((id) => document.querySelector('.games-table tbody tr')?.dataset.id !== id, firstId);
  const second = await getJson(server.base, '/api/search?limit=20&offset=20');
  assert.equal(await page.locator('.games-table tbody tr').first().getAttribute('data-id'), String(second.games[0].id));
  // The page offers the notations the server's table writes moves in, no list of its own.
  const { notations } = await getJson(server.base, '/api/notations');
  assert.deepEqual(await page.locator('#notation option').evaluateAll((options) => options.map((o) => o.value)),
    notations.filter((n) => n.moves).map((n) => n.name));
  await act(() => page.selectOption('#notation', 'pgn-like'));
  assert.equal(new URL(page.url()).searchParams.get('notation'), 'pgn-like');
  const explore = await getJson(server.base, '/api/explore?notation=pgn-like');
  assert.equal(await page.locator('.moves-table tbody tr td.move').first().textContent(), explore.moves[0].move);
  await act(() => page.selectOption('#notation', 'uhp'));
});

test('a link with moves reopens that position with the right pieces', runIf, async () => {
  const moves = 'wS1;bG1 -wS1;wQ wS1/';
  await act(() => page.goto(`${server.base}/?moves=${encodeURIComponent(moves)}`));
  const board = await getJson(server.base, `/api/board?moves=${encodeURIComponent(moves)}`);
  assert.equal(apiPieces(board), 3);
  assert.equal(await piecesOnBoard(), 3);
  assert.equal(await handPieces('bottom'), 12);
  assert.equal(await handPieces('top'), 13);
  assert.equal(await page.locator('.outline.last-to').count(), 1);
  assert.equal(await page.locator('#move-list li').count(), 3);
});

test('a stack is drawn raised with its height, and hovering it names its pieces', runIf, async () => {
  const moves = 'wS1;bG1 -wS1;wQ wS1/;bQ \\bG1;wB1 wS1\\;bB1 \\bQ;wB1 wS1';
  await act(() => page.goto(`${server.base}/?moves=${encodeURIComponent(moves)}`));
  const stack = page.locator('#board .cell[data-height="2"]');
  assert.equal(await stack.count(), 1);
  assert.equal(await stack.getAttribute('data-top'), 'wB1');
  assert.equal(await stack.locator('.badge-text').textContent(), '2');
  await stack.hover();
  const described = await page.locator('#hover-info').textContent();
  assert.ok(described.indexOf('wS1') >= 0 && described.indexOf('wS1') < described.indexOf('wB1'), described);
  assert.equal(await piecesOnBoard(), 6);
});

test('clicking a move in the table plays it: board, table and URL follow, and back returns', runIf, async () => {
  await act(() => page.goto(server.base + '/'));
  const row = page.locator('.moves-table tbody tr').first();
  const uhp = await row.getAttribute('data-uhp');
  await act(() => row.locator('button').click());
  assert.deepEqual(movesInUrl(), [uhp]);
  assert.equal(await piecesOnBoard(), 1);
  const explore = await getJson(server.base, `/api/explore?moves=${encodeURIComponent(uhp)}`);
  assert.equal(await page.locator('.games-count').textContent(), plural(explore.games));
  assert.equal(await page.locator('.moves-table tbody tr').count(), explore.moves.length);
  await act(() => page.goBack());
  assert.deepEqual(movesInUrl(), []);
  assert.equal(await piecesOnBoard(), 0);
  await act(() => page.goForward());
  assert.deepEqual(movesInUrl(), [uhp]);
});

test('a pasted GameString opens its position with its moves in the list', runIf, async () => {
  await page.fill('#paste', 'Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ \\bG1');
  await act(() => page.click('#paste-form button'));
  assert.deepEqual(movesInUrl(), ['wS1', 'bG1 -wS1', 'wQ wS1/', 'bQ \\bG1']);
  assert.equal(await piecesOnBoard(), 4);
  assert.equal(await page.locator('#move-list li').count(), 4);
  // and a text no reader takes is refused with the server's message, the view kept
  await page.fill('#paste', 'wS1; bZ9 -wS1');
  await page.click('#paste-form button');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.locator('#error').textContent(), /\S/);
  assert.equal(await piecesOnBoard(), 4);
});

test('a move is played on the board by clicking a piece and a lit destination', runIf, async () => {
  await page.click('#board .cell[data-top="wQ"]');
  const targets = page.locator('#board .target');
  assert.ok(await targets.count() > 0, 'the Queen has destinations');
  const uhp = await targets.first().getAttribute('data-uhp');
  await act(() => targets.first().click());
  assert.equal(movesInUrl().at(-1), uhp);
  assert.equal(movesInUrl().length, 5);
  assert.equal(await piecesOnBoard(), 4);
  // a position no game reached shows the games the API counts there (none, here)
  const explore = await getJson(server.base, `/api/explore?moves=${encodeURIComponent(movesInUrl().join(';'))}`);
  assert.equal(explore.games, 0);
  assert.equal(await page.locator('.games-count').textContent(), '0 games');
  // and a placement from the hand
  await page.click('#hand-top .hand-piece.playable, #hand-bottom .hand-piece.playable');
  const placement = await page.locator('#board .target').first().getAttribute('data-uhp');
  await act(() => page.locator('#board .target').first().click());
  assert.equal(movesInUrl().at(-1), placement);
  assert.equal(await piecesOnBoard(), 5);
});

test('a game that reached the position opens in the viewer and steps through its plies', runIf, async () => {
  await act(() => page.goto(`${server.base}/?moves=${encodeURIComponent('wS1')}`));
  await page.waitForSelector('.games-table tbody tr');
  const id = await page.locator('.games-table tbody tr').first().getAttribute('data-id');
  await act(() => page.locator('.games-table tbody tr').first().locator('button.open-game').click());
  assert.equal(new URL(page.url()).searchParams.get('game'), id);
  const game = await getJson(server.base, `/api/games/${id}`);
  assert.equal(await page.locator('#move-list li').count(), game.plies.length);
  const start = Number(new URL(page.url()).searchParams.get('ply'));
  await act(() => page.click('.step-next'));
  assert.equal(Number(new URL(page.url()).searchParams.get('ply')), start + 1);
  await act(() => page.click('.step-last'));
  const last = game.plies.length;
  assert.equal(await page.locator('.viewer-ply').textContent(), `ply ${last} of ${last}`);
  const finalBoard = await getJson(server.base,
    `/api/board?position=${encodeURIComponent(game.plies[last - 1].position)}`);
  assert.equal(await piecesOnBoard(), apiPieces(finalBoard));
  const explore = await getJson(server.base, `/api/explore?position=${encodeURIComponent(game.plies[last - 1].position)}`);
  assert.equal(await page.locator('.games-count').textContent(), plural(explore.games));
  assert.equal(await page.locator('.viewer .downloads a').count(), 8);  // every notation that writes, sgf too
  const download = await page.request.get(server.base + await page.locator('.viewer .downloads a').first().getAttribute('href'));
  assert.equal(download.status(), 200);
});

test('a game of another game type opens from a link at its last ply', runIf, async () => {
  const { games } = await getJson(server.base, '/api/games?limit=100');
  const other = games.find((g) => g.game_type !== 'Base+MLP');
  assert.ok(other, 'the generated games mix game types');
  const game = await getJson(server.base, `/api/games/${other.id}`);
  const last = game.plies.length;
  await act(() => page.goto(`${server.base}/?game=${other.id}&ply=${last}`));
  assert.equal(await page.locator('#error').isHidden(), true);
  const finalBoard = await getJson(server.base,
    `/api/board?position=${encodeURIComponent(game.plies[last - 1].position)}`);
  assert.equal(await piecesOnBoard(), apiPieces(finalBoard));
  assert.equal(await page.locator('.viewer-ply').textContent(), `ply ${last} of ${last}`);
});

test('filters go into the URL and the explorer counts only the matching games', runIf, async () => {
  const { games } = await getJson(server.base, '/api/games?limit=1');
  const player = games[0].white;
  await act(() => page.goto(server.base + '/'));
  await page.click('.filters-box summary');
  await page.fill('#filters input[name="player"]', player);
  await page.selectOption('#filters select[name="colour"]', 'white');
  await act(() => page.click('#filters button[type="submit"]'));
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('player'), player);
  assert.equal(url.searchParams.get('colour'), 'white');
  const explore = await getJson(server.base, `/api/explore?white=${encodeURIComponent(player)}`);
  const all = await getJson(server.base, '/api/explore');
  assert.ok(explore.games < all.games, 'the filter keeps fewer games');
  assert.equal(await page.locator('.games-count').textContent(), plural(explore.games));
  await act(() => page.reload());
  assert.equal(await page.locator('#filters input[name="player"]').inputValue(), player);
  assert.equal(await page.locator('.games-count').textContent(), plural(explore.games));
  // a date the server refuses is named in the error; the board stays
  await page.fill('#filters input[name="from_date"]', 'yesterday');
  await page.click('#filters button[type="submit"]');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.locator('#error').textContent(), /date/);
  assert.equal(await page.locator('.games-count').count(), 0);
  await page.click('#filters button[type="reset"]');
  await page.waitForSelector('.games-count');
});

test('flipping the view swaps the hands and turns the board half way', runIf, async () => {
  await act(() => page.goto(`${server.base}/?moves=${encodeURIComponent('wS1;bG1 -wS1')}`));
  const centre = async (top) => {
    const box = await page.locator(`#board .cell[data-top="${top}"] polygon`).first().boundingBox();
    return box.x + box.width / 2;
  };
  assert.ok(await centre('bG1') < await centre('wS1'), 'bG1 is drawn west of wS1');
  assert.equal(await page.getAttribute('#hand-bottom', 'data-colour'), 'white');
  await page.click('#flip');
  assert.equal(await page.getAttribute('#hand-bottom', 'data-colour'), 'black');
  assert.ok(await centre('bG1') > await centre('wS1'), 'turned around, bG1 is east of wS1');
  await page.click('#flip');
});

test('a name in the games list opens the player view with the numbers /api/player gives', runIf, async () => {
  await act(() => page.goto(`${server.base}/?moves=${encodeURIComponent('wS1')}`));
  const nameButton = page.locator('.games-table tbody tr').first().locator('.player-name').first();
  const name = await nameButton.getAttribute('data-name');
  await act(() => nameButton.click());
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('view'), 'player');
  assert.equal(url.searchParams.get('name'), name);
  const doc = await getJson(server.base, `/api/player/${encodeURIComponent(name)}`);
  assert.ok(doc.games > 0);
  assert.equal(await page.locator('.player-heading').textContent(), doc.name);
  assert.equal(await page.locator('.player-games').textContent(), plural(doc.games));
  assert.equal(await page.locator('.player-wdl').textContent(),
    `${doc.wins} won, ${doc.draws} drawn, ${doc.losses} lost, ${doc.unfinished} unfinished`);
  assert.equal(await page.locator('.player-streak').textContent(), `longest winning streak ${doc.longest_winning_streak}`);
  assert.equal(await page.locator('.player-length').textContent(), `average length ${doc.average_plies} plies`);
  const cell = (record, column) => page.locator(`.records-table tr[data-record="${record}"] td.${column}`).textContent();
  for (const [record, counts] of [['overall', doc], ['as first', doc.as_first], ['as second', doc.as_second],
    ...Object.entries(doc.by_year)]) {
    for (const column of ['games', 'wins', 'draws', 'losses', 'unfinished']) {
      assert.equal(await cell(record, column), String(counts[column]), `${record} ${column}`);
    }
  }
  const blocks = page.locator('.repertoire');
  assert.equal(await blocks.nth(0).locator('tbody tr').count(), doc.repertoire.first.length);
  assert.equal(await blocks.nth(1).locator('tbody tr').count(), doc.repertoire.second.length);
  assert.equal(await page.locator('.opponents-table tbody tr').count(), doc.opponents.length);
  assert.equal(await page.locator('.opponents-table tbody tr').first().locator('td.games').textContent(),
    String(doc.opponents[0].games));
});

test('a repertoire line opens the explorer on the player\'s own games there, and back returns', runIf, async () => {
  const name = new URL(page.url()).searchParams.get('name');
  const doc = await getJson(server.base, `/api/player/${encodeURIComponent(name)}`);
  const line = doc.repertoire.first.find((l) => l.plies === 2);
  assert.ok(line, 'the player has a two-ply line as first player');
  const moves = line.moves.join(';');
  await act(() => page.locator(`.repertoire-table tr[data-moves="${moves}"]`).first().click());
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('player'), name);
  assert.equal(url.searchParams.get('colour'), 'first');
  assert.deepEqual(movesInUrl(), line.moves);
  assert.equal(await piecesOnBoard(), 2);
  const explore = await getJson(server.base,
    `/api/explore?moves=${encodeURIComponent(moves)}&player=${encodeURIComponent(name)}&color=first`);
  assert.ok(explore.games >= line.games, 'every game of the line reached its position');
  assert.equal(await page.locator('.games-count').textContent(), plural(explore.games));
  assert.equal(await page.locator('#filters select[name="colour"]').inputValue(), 'first');
  await act(() => page.goBack());
  assert.equal(new URL(page.url()).searchParams.get('view'), 'player');
  assert.equal(await page.locator('.player-games').textContent(), plural(doc.games));
  // an opponent's name opens their view
  const opponent = doc.opponents[0].name;
  await act(() => page.locator('.opponents-table .player-name').first().click());
  assert.equal(new URL(page.url()).searchParams.get('name'), opponent);
  await act(() => page.goBack());
  assert.equal(new URL(page.url()).searchParams.get('name'), name);
});

test('the search box opens a player by a name in another letter case', runIf, async () => {
  const { players } = await getJson(server.base, '/api/players?limit=1');
  const name = players[0].name;
  await page.fill('#player-search', name.toUpperCase());
  await act(() => page.click('#player-form button'));
  assert.equal(await page.locator('.player-heading').textContent(), name);
  assert.equal(await page.locator('.player-games').textContent(), plural(players[0].games));
});

test('the players list is sorted by games or by score, a page at a time', runIf, async () => {
  await act(() => page.click('#to-players'));
  const byGames = await getJson(server.base, '/api/players?limit=20');
  const names = () => page.locator('.players-table tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.name));
  assert.deepEqual(await names(), byGames.players.map((p) => p.name));
  const games = await page.locator('.players-table td.games').allTextContents();
  assert.deepEqual(games.map(Number), [...games.map(Number)].sort((a, b) => b - a));
  await act(() => page.selectOption('#players-sort', 'score'));
  assert.equal(new URL(page.url()).searchParams.get('sort'), 'score');
  const byScore = await getJson(server.base, '/api/players?sort=score&limit=20');
  assert.deepEqual(await names(), byScore.players.map((p) => p.name));
  assert.ok(byScore.total > 20, 'more than one page of players');
  await act(() => page.click('.next-page'));
  const second = await getJson(server.base, '/api/players?sort=score&limit=20&offset=20');
  assert.deepEqual(await names(), second.players.map((p) => p.name));
  await act(() => page.goBack());
  assert.deepEqual(await names(), byScore.players.map((p) => p.name));
});

test('screenshots are saved for a laptop and a phone, and nothing left localhost', runIf, async () => {
  // A game in the viewer, some way in: board, explorer, move list and games all show.
  await act(() => page.goto(`${server.base}/?moves=${encodeURIComponent('wS1')}`));
  await act(() => page.locator('.games-table tbody tr').first().locator('button.open-game').click());
  const ply = Math.min(16, await page.locator('#move-list li').count());
  await act(() => page.click(`#move-list button[data-ply="${ply}"]`));
  await page.waitForSelector('.games-total');
  await page.screenshot({ path: path.join(buildDir, 'web-screenshot.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await act(() => page.reload());
  await page.waitForSelector('.games-total');
  await page.screenshot({ path: path.join(buildDir, 'web-screenshot-phone.png'), fullPage: true });
  // A player's view on the phone: one column, nothing wider than the screen.
  await act(() => page.click('.viewer .player-name'));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling');
  await page.screenshot({ path: path.join(buildDir, 'web-screenshot-player-phone.png'), fullPage: true });
  assert.deepEqual(foreignRequests, []);
  assert.deepEqual(pageErrors, []);
});

test('without the notation list the page still opens, in UHP, and says why', runIf, async () => {
  const lonely = await browser.context.newPage();
  const errors = [];
  lonely.on('pageerror', (error) => errors.push(String(error)));
  await lonely.route('**/api/notations', (route) => route.fulfill({ status: 500, body: '{"error":"broken"}' }));
  await lonely.goto(server.base + '/');
  await lonely.waitForFunction(() => document.body.dataset.ready, null, { timeout: 10000 });
  const explore = await getJson(server.base, '/api/explore');
  assert.equal(await lonely.locator('.moves-table tbody tr').count(), explore.moves.length);
  assert.deepEqual(await lonely.locator('#notation option').evaluateAll((options) => options.map((o) => o.value)), ['uhp']);
  await lonely.waitForSelector('#error:not([hidden])');
  assert.match(await lonely.locator('#error').textContent(), /the notations did not load/);
  assert.deepEqual(errors, []);
  await lonely.close();
});
