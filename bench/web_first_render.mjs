// bench/web's measurement: first render of the explorer page, from navigation
// start to the board and explorer drawn, over LOADS page loads.
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
const times = [], modulesLoaded = [], apiAnswered = [];
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
    if (i >= positions.length) {  // the first round warms the caches
      times.push(drawn);
      modulesLoaded.push(modules);
      apiAnswered.push(api);
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
