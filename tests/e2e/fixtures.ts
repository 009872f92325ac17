import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { freePort } from '../helpers/free-port';

/** `pid`: the server process (benchmarks read its CPU time). */
export type LootServer = { url: string; dataDir: string; pid: number; stop(): Promise<void> };

/**
 * Starts `api/server.ts` (the same entry as `npm start`, minus the build) on a free port and a fresh temp data
 * dir. Generated catalogue images are shared between servers through LOOT_STORAGE_DIR (they are deterministic).
 */
export async function startServer(env: Record<string, string> = {}): Promise<LootServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      LOOT_DATA_DIR: dataDir,
      LOOT_STORAGE_DIR: process.env.LOOT_E2E_STORAGE_DIR ?? path.join(os.tmpdir(), 'loot-e2e-storage'),
      // Every test account signs up from this machine's one address: the sign-up throttle is for strangers.
      LOOT_SIGNUP_LIMIT_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    async stop() {
      // A child killed by a signal (a test's kill -9) has a signalCode and no exitCode: it has exited already.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs the page in as the dev user through GET /api/dev-login (the page is on localhost). */
export async function devLogin(page: Page, server: LootServer) {
  await page.goto(`${server.url}/api/dev-login`);
}

/** Fails a test on any console error the app did not expect (Epic Stack habit). */
export const test = base.extend<{ failOnConsoleError: void }, { server: LootServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(String(err)));
      await use();
      expect(errors, 'uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
