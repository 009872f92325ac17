import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const SERVER_BUNDLE = path.join(root, 'dist', 'server.js');
/** Held while one test process rebuilds the bundle; a lock older than this belongs to a process that died. */
const LOCK_STALE_MS = 120_000;

const ensured = new Map<string, Promise<void>>();

/**
 * dist/server.js, built first when it is missing or older than the sources (`npm run build:server`'s --if-stale),
 * once per test process. The test servers run the bundle `npm start` and the container image run, so every e2e
 * flow covers what ships; a stale bundle would test yesterday's code, so it is never used as it is. Parallel test
 * processes build one at a time (a lock folder in dist/), the later ones finding it fresh.
 */
export async function serverBundle(): Promise<string> {
  await built('server');
  return SERVER_BUNDLE;
}

/** The whole of dist/ (the web app too, which the production start serves), built where stale. */
export async function wholeBuild(): Promise<void> {
  await built('server');
  await built('web');
}

function built(part: 'server' | 'web'): Promise<void> {
  let done = ensured.get(part);
  if (!done) ensured.set(part, (done = buildIfStale(part)));
  return done;
}

async function buildIfStale(part: 'server' | 'web'): Promise<void> {
  const lock = path.join(root, 'dist', '.server-build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const since = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (since > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs'), `--${part}`, '--if-stale'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`The ${part} build failed:\n${output}`);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
