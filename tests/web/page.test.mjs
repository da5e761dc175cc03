// What a player meets in the first minutes, in headless chromium against a real
// `apiary serve`: the first screen, pasting, the results bars, the games in date
// order, the board by drag and drop and by keyboard, the hover preview, names by
// their start, pattern search, the export of a list, the widths of a laptop and a
// phone, an empty database, and axe-core on every view. Saves the screenshots of
// docs/. Run by `node --test` (ctest registers it; it reports itself skipped when
// node, playwright-core, chromium or the serve command is missing).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  missingPrerequisite, startServer, getJson, apiary, sourceDir,
} from './server.mjs';
import { pageHelpers, startSession } from './browser.mjs';

const missing = await missingPrerequisite();
if (missing) console.log(`apiary-web-skip: ${missing}`);

let session, server, page, h, pageErrors;
const desktop = { width: 1280, height: 860 };
const phone = { width: 390, height: 844 };

before(async () => {
  if (missing) return;
  session = await startSession();
  ({ server, page, pageErrors } = session);
  h = pageHelpers(page);
});

after(async () => { await session?.stop(); });

const open = (query = '') => h.act(() => page.goto(`${server.base}/${query}`));
const gamesDrawn = () => page.waitForSelector('#games .games-total');
const api = (pathAndQuery) => getJson(server.base, pathAndQuery);

async function assertAccessible(view) {
  assert.deepEqual(await h.axeViolations(), [], `axe-core on ${view}`);
}

// Each test below belongs to the page in the first minutes; they run in order on one page.
const runIf = { skip: missing ? `apiary-web-skip: ${missing}` : false };

test('the first screen says what the page is and what to do, and the bars have a legend', runIf, async () => {
  await page.setViewportSize(desktop);
  await open();
  assert.match(await page.locator('#intro').textContent(), /click a move.*play on the board.*paste a game/);
  const legend = await page.locator('#explorer .legend li').allTextContents();
  assert.deepEqual(legend, ['White wins', 'Draws', 'Black wins', 'Unfinished']);
  // The bar is White, Draw, Black, unfinished from the left, whoever is to move.
  const explore = await api('/api/explore');
  const kinds = await page.locator('#explorer > .wdl > span').evaluateAll((s) => s.map((e) => e.className));
  assert.deepEqual(kinds, [['white', explore.white_wins], ['draw', explore.draws], ['black', explore.black_wins],
    ['unfinished', explore.unfinished]].filter(([, n]) => n > 0).map(([k]) => k));
  const first = explore.moves[0];
  const row = page.locator('.moves-table tbody tr').first();
  const finished = first.wins + first.draws + first.losses;
  assert.equal(await row.locator('td.score').textContent(),
    `${Math.round((100 * (first.wins + first.draws / 2)) / finished)}%`);
  await gamesDrawn();
  await assertAccessible('the start page');
});

test('after a move the bars keep White on the left, and no label spills out of its segment', runIf, async () => {
  const uhp = await page.locator('.moves-table tbody tr').first().getAttribute('data-uhp');
  await h.act(() => page.locator('.moves-table tbody tr').first().locator('button').click());
  const explore = await api(`/api/explore?moves=${encodeURIComponent(uhp)}`);
  assert.equal(await page.locator('.to-move').textContent(), 'black to move');
  const widths = await page.locator('#explorer > .wdl > span').evaluateAll((s) => s.map((e) => [e.className, e.style.width]));
  const total = explore.white_wins + explore.draws + explore.black_wins + explore.unfinished;
  assert.equal(widths[0][0], explore.white_wins ? 'white' : 'draw');
  assert.ok(Math.abs(parseFloat(widths[0][1]) - (100 * explore.white_wins) / total) < 0.01);
  const spills = await page.$$eval('.wdl .label', (labels) => labels.filter((label) => {
    if (getComputedStyle(label).display === 'none') return false;
    const inner = label.getBoundingClientRect(), outer = label.parentElement.getBoundingClientRect();
    return inner.left < outer.left - 0.5 || inner.right > outer.right + 0.5;
  }).length);
  assert.equal(spills, 0);
});

test('the games come newest first by date; length and the page stay in the URL', runIf, async () => {
  await open('?moves=wS1');
  await gamesDrawn();
  const dates = await page.locator('.games-table td.date').allTextContents();
  assert.ok(dates.length > 1);
  assert.deepEqual(dates, [...dates].sort().reverse(), 'newest date first');
  const search = await api('/api/search?moves=wS1&limit=20');
  assert.equal(await page.locator('.games-table tbody tr').first().getAttribute('data-id'), String(search.games[0].id));
  await h.act(() => page.selectOption('#games-sort', 'plies'));
  await page.waitForFunction(() => document.querySelector('#games-sort')?.value === 'plies');
  await gamesDrawn();
  assert.equal(h.param('sort'), 'plies');
  const plies = (await page.locator('.games-table td.plies').allTextContents()).map(Number);
  assert.deepEqual(plies, [...plies].sort((a, b) => b - a));
  if (await page.locator('.next-page').isEnabled()) {
    await h.act(() => page.click('#games .next-page'));
    assert.equal(h.param('offset'), '20');
    await h.act(() => page.reload());
    await gamesDrawn();
    const second = await api('/api/search?moves=wS1&limit=20&offset=20&sort=plies');
    assert.equal(await page.locator('.games-table tbody tr').first().getAttribute('data-id'), String(second.games[0].id));
  }
});

test('"same move order only" keeps the games that opened with these very moves', runIf, async () => {
  const moves = 'wS1;bG1 -wS1;wQ wS1/';
  await open(`?moves=${encodeURIComponent(moves)}`);
  await gamesDrawn();
  await h.act(() => page.check('#same-order'));
  assert.equal(h.param('same_order'), '1');
  await page.waitForFunction(() => document.querySelector('#games .games-total'));
  const search = await api(`/api/search?moves=${encodeURIComponent(moves)}&same_order=1`);
  await page.waitForFunction((n) => document.querySelector('#games .games-total')?.textContent
    .startsWith(n === 0 ? 'No game' : `${n} game`), search.total);
});

test('every listed game downloads as one file in a notation', runIf, async () => {
  await open('?moves=wS1');
  await gamesDrawn();
  const link = page.locator('.export-list a', { hasText: 'pgn-like' });
  const response = await page.request.get(server.base + await link.getAttribute('href'));
  assert.equal(response.status(), 200);
  const text = await response.text();
  const search = await api('/api/search?moves=wS1');
  // Each game opens with its tags after a blank line.
  assert.equal((text.match(/(^|\n\n)\[/g) ?? []).length, search.total);
});

test('pasted first moves open whatever the first piece, and a whole PGN file opens', runIf, async () => {
  for (const text of ['wA1;bA1 wA1-', 'wG1;bG1 wG1-', 'wS1;bS1 wS1-', 'wB1;bB1 wB1-',
    'wQ;bQ wQ-', 'wM;bM wM-', 'wL;bL wL-', 'wP;bP wP-', '1. wL 2. bL wL-']) {
    await page.fill('#paste', text);
    await h.act(() => page.click('#paste-form button'));
    assert.equal(await h.piecesOnBoard(), 2, text);
    assert.equal(h.movesInUrl().length, 2, text);
  }
  const { games } = await api('/api/games?limit=5');
  const id = games.find((g) => g.plies > 10).id;
  const file = await (await page.request.get(`${server.base}/api/games/${id}/export`)).text();
  assert.ok(file.includes('\n1. '), 'a PGN with a move a line');
  await page.fill('#paste', file);
  await h.act(() => page.click('#paste-form button'));
  const game = await api(`/api/games/${id}`);
  assert.deepEqual(h.movesInUrl(), game.plies.map((p) => p.uhp));
  // A game with a long commentary is longer than a URL may be: the page posts it.
  await open();
  await page.fill('#paste', `[Annotator "${'x'.repeat(26000)}"]\n${file}`);
  await h.act(() => page.click('#paste-form button'));
  assert.deepEqual(h.movesInUrl(), game.plies.map((p) => p.uhp));
});

test('the board offers only the pieces of the game type the filter shows', runIf, async () => {
  await open('?game_type=Base');
  const pieces = await page.locator('#hand-bottom .hand-piece').evaluateAll((tiles) => tiles.map((t) => t.dataset.piece[1]));
  assert.deepEqual(pieces.filter((bug) => 'MLP'.includes(bug)), []);
  assert.equal(await h.handPieces('bottom'), 11);
  await open();
  assert.equal(await h.handPieces('bottom'), 14);
});

test('hand pieces are large enough to read; dragging one onto a destination plays it', runIf, async () => {
  await open();
  const tile = page.locator('#hand-bottom .hand-piece.playable').first();
  const box = await tile.boundingBox();
  assert.ok(box.height >= 40, `a hand piece is ${box.height} px high`);
  const piece = await tile.getAttribute('data-piece');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const target = page.locator('#board .target').first();
  const uhp = await target.getAttribute('data-uhp');
  const spot = await target.boundingBox();
  await page.mouse.move(spot.x + spot.width / 2 - 20, spot.y + spot.height / 2, { steps: 4 });
  assert.equal(await page.locator('#board .drag-ghost').count(), 1, 'a ghost follows the pointer');
  await h.act(async () => {
    await page.mouse.move(spot.x + spot.width / 2, spot.y + spot.height / 2, { steps: 2 });
    await page.mouse.up();
  });
  assert.deepEqual(h.movesInUrl(), [uhp]);
  assert.ok(uhp.startsWith(piece));
  // a drag dropped off the board cancels
  const again = await page.locator('#hand-top .hand-piece.playable').first().boundingBox();
  await page.mouse.move(again.x + 10, again.y + 10);
  await page.mouse.down();
  await page.mouse.move(5, 5, { steps: 4 });
  await page.mouse.up();
  assert.equal(await page.locator('#board .target').count(), 0);
  assert.deepEqual(h.movesInUrl(), [uhp]);
});

test('Escape cancels a selection; Home and End step to the ends; arrows at an end add no entry', runIf, async () => {
  const moves = 'wS1;bG1 -wS1;wQ wS1/;bQ \\bG1';
  await open(`?moves=${encodeURIComponent(moves)}`);
  await page.click('#board .cell[data-top="wQ"]');
  assert.ok(await page.locator('#board .target').count() > 0);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#board .target').count(), 0);
  await h.act(() => page.keyboard.press('Home'));
  assert.deepEqual(h.movesInUrl(), []);
  const entries = await page.evaluate(() => history.length);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => history.length), entries, 'no entry for a step that goes nowhere');
  await h.act(() => page.keyboard.press('End'));
  assert.deepEqual(h.movesInUrl(), moves.split(';'));
  // On a player's view the arrows step nothing and add no entry.
  const { players } = await api('/api/players?limit=1');
  await open(`?view=player&name=${encodeURIComponent(players[0].name)}`);
  const before = await page.evaluate(() => history.length);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => history.length), before);
  assert.equal(h.param('view'), 'player');
});

test('a move is played from the keyboard alone', runIf, async () => {
  await open();
  const tile = page.locator('#hand-bottom .hand-piece.playable').first();
  await tile.focus();
  await page.keyboard.press('Enter');
  const target = page.locator('#board .target').first();
  await page.waitForFunction(() => document.activeElement?.classList.contains('target'));
  const uhp = await target.getAttribute('data-uhp');
  await h.act(() => page.keyboard.press('Enter'));
  assert.deepEqual(h.movesInUrl(), [uhp]);
});

test('pointing at a move in the table shows it on the board; the hover text goes with the board', runIf, async () => {
  await open('?moves=wS1');
  const row = page.locator('.moves-table tbody tr').first();
  const uhp = await row.getAttribute('data-uhp');
  await row.hover();
  assert.equal(await page.locator(`#board .preview[data-uhp="${uhp}"]`).count(), 1);
  await page.mouse.move(2, 2);
  assert.equal(await page.locator('#board .preview').count(), 0);
  await page.locator('#board .cell').first().hover();
  assert.notEqual(await page.locator('#hover-info').textContent(), '');
  await h.act(() => page.locator('.moves-table tbody tr').first().locator('button').click());
  assert.equal(await page.locator('#hover-info').textContent(), '');
});

test('the move list follows the notation; counts say "1 game"; a finished game says so', runIf, async () => {
  const moves = 'wS1;bG1 -wS1;wQ wS1/';
  await open(`?moves=${encodeURIComponent(moves)}&notation=pgn-like`);
  const board = await api(`/api/board?moves=${encodeURIComponent(moves)}&notation=pgn-like`);
  assert.deepEqual(await page.locator('#move-list button').allTextContents(), board.history_text);
  // A game whose last position is won (not one resigned or stopped).
  const { games } = await api('/api/games?limit=100');
  let finished = null;
  for (const g of games) {
    if (finished) break;
    if (g.result !== 'white' && g.result !== 'black') continue;
    const last = await api(`/api/board?game=${g.id}`);
    if (last.state === 'WhiteWins' || last.state === 'BlackWins') finished = g;
  }
  assert.ok(finished, 'a generated game ends with a surrounded Queen');
  const game = await api(`/api/games/${finished.id}`);
  await open(`?game=${finished.id}&ply=${game.plies.length}`);
  assert.match(await page.locator('.to-move').textContent(), /the game is over: (White|Black) won/);
  assert.match(await page.locator('#status').textContent(), /^(White|Black) won/);
  const explore = await api(`/api/explore?game=${finished.id}&ply=${game.plies.length}`);
  assert.equal(await page.locator('.games-count').textContent(), explore.games === 1 ? '1 game' : `${explore.games} games`);
  await open(`?moves=${encodeURIComponent('wS1;bG1 -wS1;wQ wS1/;bQ \\bG1;wB1 wS1\\;bB1 \\bQ;wB1 wS1;bB1 bQ')}`);
  if (await page.locator('.games-count').textContent() === '0 games') {
    assert.equal(await page.locator('#explorer .average').count(), 0, 'no average of no games');
  }
});

test('a colour needs a player, and errors name the page\'s own fields', runIf, async () => {
  await open();
  await page.click('.filters-box summary');
  // One idea, one name: the side a player had is white or black.
  assert.deepEqual(await page.locator('#filters select[name="colour"] option').evaluateAll((o) => o.map((e) => e.value)),
    ['', 'white', 'black']);
  await page.selectOption('#filters select[name="colour"]', 'white');
  await h.act(() => page.click('#filters button[type="submit"]'));
  assert.match(await page.locator('#error').textContent(), /^colour: choose a player/);
  await page.selectOption('#filters select[name="colour"]', '');
  await page.fill('#filters input[name="from_date"]', '2022-13-45');
  await h.act(() => page.click('#filters button[type="submit"]'));
  const text = await page.locator('#error').textContent();
  assert.match(text, /^from date/);
  assert.doesNotMatch(text, /--/);
  assert.equal(await page.getAttribute('#filters input[name="from_date"]', 'aria-invalid'), 'true');
  await h.act(() => page.click('#filters button[type="reset"]'));
});

test('the archive\'s filters are in the panel, and the top games are the highest rated', runIf, async () => {
  await open();
  await page.click('.filters-box summary');
  assert.equal(await page.locator('#archive-filters').isVisible(), true);
  await page.check('#filters input[name="humans"]');
  await page.fill('#filters input[name="min_rating"]', '1300');
  await h.act(() => page.click('#filters button[type="submit"]'));
  assert.equal(h.param('humans'), '1');
  assert.equal(h.param('min_rating'), '1300');
  const kept = await api('/api/explore?humans=1&min_rating=1300');
  assert.equal(await page.locator('.games-count').textContent(), kept.games === 1 ? '1 game' : `${kept.games} games`);
  assert.ok(kept.games < (await api('/api/explore')).games, 'the rating keeps fewer games');
  await h.act(() => page.click('#filters button[type="reset"]'));
  await gamesDrawn();
  await page.waitForSelector('#highlights .top-games li');
  const top = await api('/api/search?sort=rating&min_rating=0&limit=5');
  assert.deepEqual(await page.locator('#highlights .top-games li').evaluateAll((items) => items.map((i) => i.dataset.id)),
    top.games.map((g) => String(g.id)));
  const recent = await api('/api/search?limit=5');
  assert.deepEqual(await page.locator('#highlights .recent-games li').evaluateAll((items) => items.map((i) => i.dataset.id)),
    recent.games.map((g) => String(g.id)));
  // and the games list offers the rating order
  await h.act(() => page.selectOption('#games-sort', 'rating'));
  await gamesDrawn();
  const rated = await api('/api/search?sort=rating&limit=20');
  assert.equal(await page.locator('.games-table tbody tr').first().getAttribute('data-id'), String(rated.games[0].id));
});

test('a name\'s start suggests the players', runIf, async () => {
  const { players } = await api('/api/players?limit=1');
  const name = players[0].name;
  await page.fill('#player-search', name.slice(0, 3).toLowerCase());
  await page.waitForFunction((n) => [...document.querySelectorAll('#player-names option')].some((o) => o.value === n), name);
});

test('a pattern search lists games at their ply, and one opens in the viewer there', runIf, async () => {
  await h.act(() => page.click('#to-patterns'));
  await assertAccessible('the pattern search');
  await h.act(() => page.locator('.pattern-examples button.example').first().click());
  const found = await api(`/api/pattern?pattern=${encodeURIComponent('B on theirs Q')}&limit=20`);
  assert.equal(h.param('pattern'), 'B on theirs Q');
  assert.equal(await page.locator('.pattern-table tbody tr').count(), found.games.length);
  const row = page.locator('.pattern-table tbody tr').first();
  const [id, ply] = [await row.getAttribute('data-id'), await row.getAttribute('data-ply')];
  await assertAccessible('pattern results');
  await h.act(() => row.locator('button.open-game').click());
  assert.equal(h.param('game'), id);
  assert.equal(h.param('ply'), ply);
  assert.match(await page.locator('.viewer-ply').textContent(), new RegExp(`^ply ${ply} of`));
});

test('nothing is wider than a laptop or a phone, and every view passes axe-core', runIf, async () => {
  const { games } = await api('/api/games?limit=1');
  const { players } = await api('/api/players?limit=1');
  const views = [['the start', ''], ['a game', `?game=${games[0].id}&ply=12`],
    ['a player', `?view=player&name=${encodeURIComponent(players[0].name)}`], ['the players', '?view=players'],
    ['patterns', `?view=patterns&pattern=${encodeURIComponent('B on theirs Q')}`]];
  for (const size of [desktop, phone]) {
    await page.setViewportSize(size);
    for (const [name, query] of views) {
      await open(query);
      if (name === 'the start' || name === 'a game') await gamesDrawn();
      assert.ok(await h.noSidewaysScroll(), `no sideways scrolling on ${name} at ${size.width} px`);
      await assertAccessible(`${name} at ${size.width} px`);
    }
  }
});

test('on a phone the moves table shows without scrolling past an empty board', runIf, async () => {
  await page.setViewportSize(phone);
  await open();
  const table = await page.locator('.moves-table').boundingBox();
  assert.ok(table.y < phone.height - 60, `the moves table starts at ${table.y} px`);
});

test('the screenshots in docs/ are made: laptop, phone, player view', runIf, async () => {
  const docs = path.join(sourceDir, 'docs');
  await page.setViewportSize(desktop);
  await open('?moves=wS1');
  await h.act(() => page.locator('.games-table tbody tr').first().locator('button.open-game').click());
  await h.act(() => page.click('#move-list button[data-ply="4"]'));
  await gamesDrawn();
  await page.screenshot({ path: path.join(docs, 'explorer.png') });
  await page.setViewportSize(phone);
  await open();
  await gamesDrawn();
  await page.screenshot({ path: path.join(docs, 'explorer-phone.png') });
  const { players } = await api('/api/players?limit=1');
  await page.setViewportSize(desktop);
  await open(`?view=player&name=${encodeURIComponent(players[0].name)}`);
  await page.screenshot({ path: path.join(docs, 'player.png') });
  assert.deepEqual(pageErrors, []);
});

test('an empty database says how to fill it', runIf, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apiary-web-empty-'));
  const empty = path.join(dir, 'db');
  fs.writeFileSync(path.join(dir, 'none.pgn'), '');
  // An empty file is refused (exit 1) and leaves an empty database.
  spawnSync(apiary, ['--db', empty, 'ingest', path.join(dir, 'none.pgn')], { stdio: 'ignore' });
  const bare = await startServer(empty);
  try {
    await page.goto(bare.base + '/');
    await page.waitForSelector('.empty-database');
    const text = await page.locator('.empty-database').textContent();
    assert.match(text, /apiary sync/);
    assert.match(text, /apiary ingest FOLDER/);
  } finally {
    bare.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
