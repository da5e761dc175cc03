// bench/web's measurement: first render of the explorer page, from navigation
// start to the board and explorer drawn, over LOADS page loads; and after each
// load, a click on the table's first move until the board and explorer of the
// next position are drawn.
import fs from 'node:fs';
import path from 'node:path';
import { makeDatabase, startServer, launchBrowser } from '../tests/web/server.mjs';

const [games, loads, db] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
if (!fs.existsSync(db)) {
  fs.mkdirSync(path.dirname(db), { recursive: true });
  makeDatabase(games, db);
}
const server = await startServer(db);
const browser = await launchBrowser();
const page = await browser.context.newPage();
const positions = ['', '?moves=wS1', '?moves=wS1;bG1 -wS1;wQ wS1/', '?moves=wG1;bS1 wG1-;wQ -wG1;bQ bS1-'];
const times = [], modulesLoaded = [], apiAnswered = [], clicks = [];
try {
  for (let i = 0; i < loads + positions.length; ++i) {
    await page.goto(server.base + '/' + positions[i % positions.length]);
    await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 10000 });
    const drawn = await page.evaluate(() => performance.getEntriesByName('apiary-drawn')[0].startTime);
    // When the last module and the last of the board and explorer answers arrived.
    const [modules, api] = await page.evaluate(() => {
      const ends = (test) => Math.max(0, ...performance.getEntriesByType('resource')
        .filter((e) => test(new URL(e.name).pathname)).map((e) => e.responseEnd));
      return [ends((p) => p.endsWith('.js')), ends((p) => p === '/api/board' || p === '/api/explore')];
    });
    // A move of the table played, timed in the page from the click to the drawing.
    const click = await page.evaluate(() => new Promise((resolve) => {
      const before = document.body.dataset.ready;
      const start = performance.now();
      document.querySelector('.moves-table tbody tr button').click();
      const check = () => (document.body.dataset.ready !== before ? resolve(performance.now() - start)
        : requestAnimationFrame(check));
      check();
    }));
    if (i >= positions.length) {  // the first round warms the caches
      times.push(drawn);
      modulesLoaded.push(modules);
      apiAnswered.push(api);
      clicks.push(click);
    }
  }
} finally {
  await browser.close();
  server.stop();
}
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
};
console.log(`first render, ${games} games, ${times.length} loads over ${positions.length} positions: ` +
  `median ${quantile(times, 0.5)} ms, p95 ${quantile(times, 0.95)} ms, max ${quantile(times, 1)} ms (target 300 ms)`);
console.log(`  modules loaded: median ${quantile(modulesLoaded, 0.5)} ms; board and explorer answered: ` +
  `median ${quantile(apiAnswered, 0.5)} ms, p95 ${quantile(apiAnswered, 0.95)} ms`);
console.log(`move click (click to the next position's board and explorer drawn): median ${quantile(clicks, 0.5)} ms, ` +
  `p95 ${quantile(clicks, 0.95)} ms, max ${quantile(clicks, 1)} ms`);
