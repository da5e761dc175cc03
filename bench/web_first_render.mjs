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
const times = [];
try {
  for (let i = 0; i < loads + positions.length; ++i) {
    await page.goto(server.base + '/' + positions[i % positions.length]);
    await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 10000 });
    const drawn = await page.evaluate(() => performance.getEntriesByName('apiary-drawn')[0].startTime);
    if (i >= positions.length) times.push(drawn);  // the first round warms the caches
  }
} finally {
  await browser.close();
  server.stop();
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
console.log(`first render, ${games} games, ${times.length} loads over ${positions.length} positions: ` +
  `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1).toFixed(1)} ms (target 300 ms)`);
