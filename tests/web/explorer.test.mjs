// The explorer page in headless chromium against a real `apiary serve`: the board,
// the explorer table, the URL state, pasting, playing on the board and the game
// viewer. Run by `node --test` (ctest registers it; it reports itself skipped when
// node, playwright-core, chromium or the serve command is missing).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  missingPrerequisite, makeDatabase, startServer, launchBrowser, getJson, buildDir,
} from './server.mjs';

const missing = await missingPrerequisite();
if (missing) console.log(`apiary-web-skip: ${missing}`);

let server, browser, page, database;
const foreignRequests = [];
const pageErrors = [];

const piecesOnBoard = () => page.$$eval('#board .cell', (cells) =>
  cells.reduce((sum, cell) => sum + Number(cell.dataset.height), 0));
const movesInUrl = () => (new URL(page.url()).searchParams.get('moves') ?? '').split(';').filter(Boolean);
const apiPieces = (doc) => doc.cells.reduce((sum, cell) => sum + cell.stack.length, 0);

// Waits until the page has drawn the state of the current URL (each drawing
// numbers itself in body[data-ready]).
async function drawn(previous) {
  await page.waitForFunction((old) => document.body.dataset.ready && document.body.dataset.ready !== old,
    previous, { timeout: 10000 });
  return page.evaluate(() => document.body.dataset.ready);
}
const readyMark = () => page.evaluate(() => document.body.dataset.ready ?? '');

async function act(action) {
  const before = await readyMark();
  await action();
  return drawn(before);
}

before(async () => {
  if (missing) return;
  database = makeDatabase();
  server = await startServer(database.db);
  browser = await launchBrowser();
  page = await browser.context.newPage();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') foreignRequests.push(request.url());
  });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
});

after(async () => {
  await browser?.close();
  server?.stop();
  if (database) fs.rmSync(database.dir, { recursive: true, force: true });
});

test('the explorer page in chromium', { skip: missing ? `apiary-web-skip: ${missing}` : false }, async (t) => {
  await t.test('the start page shows an empty board, both full hands and the first moves', async () => {
    await page.goto(server.base + '/');
    await drawn('');
    const firstRender = await page.evaluate(() => performance.getEntriesByName('apiary-drawn')[0].startTime);
    console.log(`first render (navigation start to board and explorer drawn): ${firstRender.toFixed(1)} ms`);
    assert.equal(await piecesOnBoard(), 0);
    assert.equal(await page.locator('#hand-bottom .hand-piece').count(), 14);
    assert.equal(await page.locator('#hand-top .hand-piece').count(), 14);
    const explore = await getJson(server.base, '/api/explore');
    assert.ok(explore.moves.length > 0, 'the generated games have first moves');
    assert.equal(await page.locator('.moves-table tbody tr').count(), explore.moves.length);
    assert.equal(await page.locator('.games-count').textContent(), `${explore.games} games`);
  });

  await t.test('the games that reached the position come 20 a page, and moves in another notation', async () => {
    const search = await getJson(server.base, '/api/search?limit=20');
    assert.ok(search.total > 20);
    assert.equal(await page.locator('.games-table tbody tr').count(), 20);
    const firstId = await page.locator('.games-table tbody tr').first().getAttribute('data-id');
    await page.click('.next-page');
    await page.waitForFunction((id) => document.querySelector('.games-table tbody tr')?.dataset.id !== id, firstId);
    const second = await getJson(server.base, '/api/search?limit=20&offset=20');
    assert.equal(await page.locator('.games-table tbody tr').first().getAttribute('data-id'), String(second.games[0].id));
    await act(() => page.selectOption('#notation', 'pgn-like'));
    assert.equal(new URL(page.url()).searchParams.get('notation'), 'pgn-like');
    const explore = await getJson(server.base, '/api/explore?notation=pgn-like');
    assert.equal(await page.locator('.moves-table tbody tr td.move').first().textContent(), explore.moves[0].move);
    await act(() => page.selectOption('#notation', 'uhp'));
  });

  await t.test('a link with moves reopens that position with the right pieces', async () => {
    const moves = 'wS1;bG1 -wS1;wQ wS1/';
    await act(() => page.goto(`${server.base}/?moves=${encodeURIComponent(moves)}`));
    const board = await getJson(server.base, `/api/board?moves=${encodeURIComponent(moves)}`);
    assert.equal(apiPieces(board), 3);
    assert.equal(await piecesOnBoard(), 3);
    assert.equal(await page.locator('#hand-bottom .hand-piece').count(), 12);
    assert.equal(await page.locator('#hand-top .hand-piece').count(), 13);
    assert.equal(await page.locator('.outline.last-to').count(), 1);
    assert.equal(await page.locator('#move-list li').count(), 3);
  });

  await t.test('a stack is drawn raised with its height, and hovering it names its pieces', async () => {
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

  await t.test('clicking a move in the table plays it: board, table and URL follow, and back returns', async () => {
    await act(() => page.goto(server.base + '/'));
    const row = page.locator('.moves-table tbody tr').first();
    const uhp = await row.getAttribute('data-uhp');
    await act(() => row.locator('button').click());
    assert.deepEqual(movesInUrl(), [uhp]);
    assert.equal(await piecesOnBoard(), 1);
    const explore = await getJson(server.base, `/api/explore?moves=${encodeURIComponent(uhp)}`);
    assert.equal(await page.locator('.games-count').textContent(), `${explore.games} games`);
    assert.equal(await page.locator('.moves-table tbody tr').count(), explore.moves.length);
    await act(() => page.goBack());
    assert.deepEqual(movesInUrl(), []);
    assert.equal(await piecesOnBoard(), 0);
    await act(() => page.goForward());
    assert.deepEqual(movesInUrl(), [uhp]);
  });

  await t.test('a pasted GameString opens its position with its moves in the list', async () => {
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

  await t.test('a move is played on the board by clicking a piece and a lit destination', async () => {
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

  await t.test('a game that reached the position opens in the viewer and steps through its plies', async () => {
    await act(() => page.goto(`${server.base}/?moves=${encodeURIComponent('wS1')}`));
    await page.waitForSelector('.games-table tbody tr');
    const id = await page.locator('.games-table tbody tr').first().getAttribute('data-id');
    await act(() => page.locator('.games-table tbody tr').first().locator('button').click());
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
    assert.equal(await page.locator('.games-count').textContent(), `${explore.games} games`);
    assert.equal(await page.locator('.downloads a').count(), 7);
    const download = await page.request.get(server.base + await page.locator('.downloads a').first().getAttribute('href'));
    assert.equal(download.status(), 200);
  });

  await t.test('a game of another game type opens from a link at its last ply', async () => {
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

  await t.test('filters go into the URL and the explorer counts only the matching games', async () => {
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
    assert.equal(await page.locator('.games-count').textContent(), `${explore.games} games`);
    await act(() => page.reload());
    assert.equal(await page.locator('#filters input[name="player"]').inputValue(), player);
    assert.equal(await page.locator('.games-count').textContent(), `${explore.games} games`);
    // a date the server refuses is named in the error; the board stays
    await page.fill('#filters input[name="from_date"]', 'yesterday');
    await page.click('#filters button[type="submit"]');
    await page.waitForSelector('#error:not([hidden])');
    assert.match(await page.locator('#error').textContent(), /date/);
    assert.equal(await page.locator('.games-count').count(), 0);
    await page.click('#filters button[type="reset"]');
    await page.waitForSelector('.games-count');
  });

  await t.test('flipping the view swaps the hands and turns the board half way', async () => {
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

  await t.test('screenshots are saved for a laptop and a phone, and nothing left localhost', async () => {
    // A game in the viewer, some way in: board, explorer, move list and games all show.
    await act(() => page.goto(`${server.base}/?moves=${encodeURIComponent('wS1')}`));
    await act(() => page.locator('.games-table tbody tr').first().locator('button').click());
    const ply = Math.min(16, await page.locator('#move-list li').count());
    await act(() => page.click(`#move-list button[data-ply="${ply}"]`));
    await page.waitForSelector('.games-total');
    await page.screenshot({ path: path.join(buildDir, 'web-screenshot.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await act(() => page.reload());
    await page.waitForSelector('.games-total');
    await page.screenshot({ path: path.join(buildDir, 'web-screenshot-phone.png'), fullPage: true });
    assert.deepEqual(foreignRequests, []);
    assert.deepEqual(pageErrors, []);
  });
});
