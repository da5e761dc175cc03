// What the browser tests need around the page: a database made for them, a
// running `apiary serve`, and a headless Debian chromium on a closed network.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const sourceDir = path.resolve(here, '../..');
export const apiary = process.env.APIARY_BINARY ?? path.join(sourceDir, 'build/apiary');
export const buildDir = process.env.APIARY_BUILD_DIR ?? path.dirname(apiary);
export const sharedDir = process.env.APIARY_SHARED_DIR ?? path.resolve(sourceDir, '../shared');
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

// Why the tests cannot run here, or null when they can.
export async function missingPrerequisite() {
  if (!fs.existsSync(apiary)) return `no apiary binary at ${apiary}`;
  if (!/^\s+serve\s/m.test(spawnSync(apiary, ['--help']).stdout.toString())) return `${apiary} has no serve command`;
  if (!fs.existsSync(chromiumPath)) return `no chromium at ${chromiumPath}`;
  try {
    await import('playwright-core');
  } catch {
    return 'playwright-core is not installed (npm ci in tests/web)';
  }
  return null;
}

// Every fourth game rated (WhiteElo, BlackElo), as an archive's games are.
function withRatings(pgn) {
  let game = 0;
  return pgn.replace(/^\[White "/gm, (tag) => {
    game += 1;
    if (game % 4) return tag;
    return `[WhiteElo "${1200 + ((game * 37) % 900)}"]\n[BlackElo "${1250 + ((game * 53) % 800)}"]\n${tag}`;
  });
}

// A database of `count` generated games (every fourth rated) (in `db`, or a new temporary directory),
// plus the reference games when ../shared is there.
export function makeDatabase(count = 300, db = null) {
  const dir = db ? path.dirname(db) : fs.mkdtempSync(path.join(os.tmpdir(), 'apiary-web-'));
  db ??= path.join(dir, 'db');
  const games = withRatings(execFileSync(apiary, ['generate', '--games', String(count), '--seed', '1'],
    { maxBuffer: 1 << 30 }).toString());
  execFileSync(apiary, ['--db', db, 'ingest', '-'], { input: games, stdio: ['pipe', 'ignore', 'inherit'] });
  const shared = path.join(sharedDir, 'games');
  if (fs.existsSync(shared)) {
    // Some reference games are rejected on purpose (exit code 1); the rest are added.
    spawnSync(apiary, ['--db', db, 'ingest', shared], { stdio: 'ignore' });
  }
  return { dir, db };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(db) {
  const port = await freePort();
  const child = spawn(apiary, ['--db', db, 'serve', '--port', String(port)], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; ++attempt) {
    if (child.exitCode !== null) throw new Error(`apiary serve exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return { base, stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('apiary serve did not answer /health within 10 s');
}

export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'apiary-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 860 },
  });
  return { context, close: async () => { await context.close(); fs.rmSync(profile, { recursive: true, force: true }); } };
}

export const getJson = async (base, pathAndQuery) => {
  const response = await fetch(base + pathAndQuery);
  if (!response.ok) throw new Error(`${pathAndQuery}: HTTP ${response.status}`);
  return response.json();
};
