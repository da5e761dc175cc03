// What the browser tests share on one page: waiting for the page to draw, acting
// and waiting, reading the board and the URL, and axe-core's check.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const axePath = path.join(here, 'node_modules/axe-core/axe.min.js');

export function pageHelpers(page) {
  const readyMark = () => page.evaluate(() => document.body.dataset.ready ?? '');
  // Waits until the page has drawn the state of the current URL (each drawing
  // numbers itself in body[data-ready]).
  async function drawn(previous) {
    await page.waitForFunction((old) => document.body.dataset.ready && document.body.dataset.ready !== old,
      previous, { timeout: 15000 });
    return page.evaluate(() => document.body.dataset.ready);
  }
  async function act(action) {
    const before = await readyMark();
    await action();
    return drawn(before);
  }
  const piecesOnBoard = () => page.$$eval('#board .cell', (cells) =>
    cells.reduce((sum, cell) => sum + Number(cell.dataset.height), 0));
  const movesInUrl = () => (new URL(page.url()).searchParams.get('moves') ?? '').split(';').filter(Boolean);
  const param = (name) => new URL(page.url()).searchParams.get(name);
  // Pieces in hand: each tile counts the pieces of its bug left.
  const handPieces = (side) => page.$$eval(`#hand-${side} .hand-piece`, (tiles) =>
    tiles.reduce((sum, tile) => sum + Number(tile.dataset.count), 0));
  // The serious and critical violations axe-core finds on the page as shown.
  async function axeViolations() {
    if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: axePath });
    const found = await page.evaluate(async () => (await window.axe.run(document)).violations
      .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) })));
    return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  }
  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  return { readyMark, drawn, act, piecesOnBoard, movesInUrl, param, handPieces, axeViolations, noSidewaysScroll };
}

export const apiPieces = (doc) => doc.stacks.reduce((sum, stack) => sum + stack.pieces.length, 0);

// A database of generated games, `apiary serve` on it and a page in chromium;
// stop() ends them and removes the database.
export async function startSession() {
  const { makeDatabase, startServer, launchBrowser } = await import('./server.mjs');
  const database = makeDatabase();
  const server = await startServer(database.db);
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  const stop = async () => {
    await browser.close();
    server.stop();
    fs.rmSync(database.dir, { recursive: true, force: true });
  };
  return { database, server, browser, page, pageErrors, stop };
}
