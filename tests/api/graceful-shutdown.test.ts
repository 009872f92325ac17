import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';
import { serverBundle } from '../helpers/server-bundle';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-drain-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A PNG of noise: it does not compress, so a few of them make an export far larger than any socket buffer. */
const noisePng = (seed: number) =>
  sharp({
    create: {
      width: 1400,
      height: 1000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128 + seed, sigma: 70 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();

type Output = { text: string; listeners: Set<() => void> };

/** Resolves when `predicate` holds for what the process has printed so far (the server's own log lines). */
function printed(output: Output, predicate: (text: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!predicate(output.text)) return;
      output.listeners.delete(check);
      resolve();
    };
    output.listeners.add(check);
    check();
  });
}

/** Everything a child process prints, kept, with `printed` waking on each new chunk. */
function captureOutput(child: ChildProcess): Output {
  const output: Output = { text: '', listeners: new Set() };
  const take = (chunk: Buffer) => {
    output.text += chunk;
    for (const listener of [...output.listeners]) listener();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  return output;
}

/** A new account with a board holding three own images of noise; `stored` is each stored file's path. */
async function boardWithImages(base: string, email: string, title: string) {
  const origin = { origin: base };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { ...origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `lantern-quiet-93 ${title}` }),
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers.getSetCookie()[0].split(';')[0];
  const board = (await (
    await fetch(`${base}/api/boards`, {
      method: 'POST',
      headers: { ...origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    })
  ).json()) as { id: number };
  const stored: string[] = [];
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await noisePng(i))]), `noise-${i}.png`);
    const res = await fetch(`${base}/api/boards/${board.id}/images`, {
      method: 'POST',
      headers: { ...origin, cookie },
      body: form,
    });
    expect(res.status).toBe(201);
    stored.push(((await res.json()) as { images: string[] }).images[0].replace('/api/storage/', ''));
  }
  return { cookie, board, stored };
}

/**
 * Starts the board's Markdown export and stops reading after its first bytes: on the server it stays in flight, as
 * a long PDF does while it is drawn, until `resume`. `started` resolves at the first bytes, `finished` at the end.
 */
function pausedExport(base: string, boardId: number, cookie: string) {
  const chunks: Buffer[] = [];
  let response!: http.IncomingMessage;
  let firstBytes!: () => void;
  const started = new Promise<void>((resolve) => (firstBytes = resolve));
  const finished = new Promise<{ status: number; complete: boolean; endedAt: number }>((resolve, reject) => {
    const req = http.get(`${base}/api/boards/${boardId}/export?format=md`, { headers: { cookie } }, (res) => {
      response = res;
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('data', () => {
        res.pause();
        firstBytes();
      });
      res.on('end', () => resolve({ status: res.statusCode!, complete: res.complete, endedAt: performance.now() }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return {
    started,
    finished,
    resume: () => response.resume(),
    zip: () => unzipSync(new Uint8Array(Buffer.concat(chunks))),
  };
}

describe('graceful drain', () => {
  it('SIGTERM to `npm start` in the middle of an export: no new connection, the whole file, then exit 0', async () => {
    await serverBundle();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // `npm start` itself, as an operator runs it: the signal goes to npm, which must pass it on.
    const npm = spawn('npm', ['start'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        PORT: String(port),
        LOOT_DATA_DIR: dataDir,
        LOOT_SEED_CATALOGUE: '0',
        LOOT_SHUTDOWN_TIMEOUT_MS: '120000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = captureOutput(npm);
    const exited = new Promise<number | null>((resolve) => npm.once('exit', resolve));
    await printed(output, (text) => text.includes('Loot is serving'));

    const { cookie, board, stored } = await boardWithImages(base, 'drain@example.com', 'Drain');
    const storedSizes = stored.map((key) => fs.statSync(path.join(dataDir, 'storage', key)).size);

    // The export starts; its first bytes arrive; the client stops reading, so the rest waits on the server.
    const exporting = pausedExport(base, board.id, cookie);
    const { started, finished } = exporting;
    await started;
    npm.kill('SIGTERM');
    await printed(output, (text) => text.includes('Draining: no new connections'));
    // Draining: a new connection is refused, and the answer in flight carries on once the client reads again.
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
    exporting.resume();
    const { status, complete } = await finished;
    expect([status, complete]).toEqual([200, true]);
    const zip = exporting.zip();
    const images = Object.keys(zip).filter((name) => name.startsWith('images/'));
    expect(Object.keys(zip)).toContain('brief.md');
    expect(images.map((name) => zip[name].length).sort()).toEqual([...storedSizes].sort());

    expect(await exited).toBe(0);
    expect(output.text).toMatch(/"cut":0,"msg":"Stopped"/);
  }, 240_000);
});

describe('an export outlasts the shutdown window, up to its cap', () => {
  it('SIGTERM with an export and a stalled upload in flight: the upload is cut at LOOT_SHUTDOWN_TIMEOUT_MS, the export ends whole after it, then exit 0', async () => {
    const bundlePath = await serverBundle();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const exportDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-drain-export-'));
    const timeoutMs = 300;
    const server = spawn(process.execPath, [bundlePath], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        PORT: String(port),
        LOOT_DATA_DIR: exportDataDir,
        LOOT_SEED_CATALOGUE: '0',
        LOOT_SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const output = captureOutput(server);
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      await printed(output, (text) => text.includes('Loot is serving'));

      const origin = { origin: base };
      const { cookie, board } = await boardWithImages(base, 'long-export@example.com', 'Long export');

      // The export stays in flight on the server, as a long PDF does while it is drawn, for as long as the test wants.
      const exporting = pausedExport(base, board.id, cookie);
      let exportEndedAt = 0;
      const exportFinished = exporting.finished.then((ended) => {
        exportEndedAt = ended.endedAt;
        return ended;
      });
      await exporting.started;

      // Not an export: a board created with a body that never arrives whole. "100 Continue" comes back once the
      // server has taken the request, so it is in flight before the signal.
      let cutAt = 0;
      const upload = http.request(`${base}/api/boards`, {
        method: 'POST',
        headers: {
          ...origin,
          cookie,
          'content-type': 'application/json',
          'content-length': '64',
          expect: '100-continue',
        },
      });
      const uploadCut = new Promise<string>((resolve) => {
        upload.once('response', (res) => resolve(`answered ${res.statusCode}`));
        upload.once('error', () => {
          cutAt = performance.now();
          resolve('cut');
        });
      });
      await new Promise<void>((resolve) => upload.once('continue', () => resolve()));
      upload.write('{"title":');

      const signalledAt = performance.now();
      server.kill('SIGTERM');
      await printed(output, (text) => text.includes('Draining: no new connections'));
      expect(await uploadCut).toBe('cut');
      expect(cutAt - signalledAt).toBeGreaterThanOrEqual(timeoutMs);
      await printed(output, (text) => text.includes('LOOT_SHUTDOWN_TIMEOUT_MS has passed'));
      expect(output.text).toContain('except exports, which may run until LOOT_SHUTDOWN_EXPORT_CAP_MS');
      // The window has passed and the export is still going; a new connection is still refused; now the client
      // reads the rest.
      expect(exportEndedAt).toBe(0);
      await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
      exporting.resume();
      const { status, complete } = await exportFinished;
      expect([status, complete]).toEqual([200, true]);
      expect(exportEndedAt - signalledAt).toBeGreaterThan(timeoutMs);
      const zip = exporting.zip();
      expect(Object.keys(zip)).toContain('brief.md');
      expect(Object.keys(zip).filter((name) => name.startsWith('images/'))).toHaveLength(3);

      expect(await exited).toBe(0);
      // Only the upload was cut.
      expect(output.text).toMatch(/"cut":1,"msg":"Stopped"/);
    } finally {
      server.kill('SIGKILL');
      fs.rmSync(exportDataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
