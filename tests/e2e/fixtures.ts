import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { freePort } from '../helpers/free-port';
import { serverBundle } from '../helpers/server-bundle';
import { E2E_PG_TEMPLATE, e2eBackend } from './backend';

/**
 * `pid`: the server process (benchmarks read its CPU time). `databaseUrl`: its PostgreSQL database on the
 * PostgreSQL + S3 run, null on SQLite (the file is `loot.db` in `dataDir`). `logs()`: what it has printed so far.
 */
export type LootServer = {
  url: string;
  dataDir: string;
  databaseUrl: string | null;
  pid: number;
  logs(): string;
  stop(): Promise<void>;
};

let pgDatabases = 0;

/** Runs one statement on the maintenance database of the run's cluster (global-setup.ts). */
async function pgAdmin(statement: string) {
  const client = new pg.Client({ connectionString: process.env.LOOT_E2E_PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Where a new server keeps its data. SQLite: a fresh file in its data dir; generated catalogue images are shared
 * between servers through LOOT_STORAGE_DIR (they are deterministic). PostgreSQL + S3: its own database, copied
 * from the template global-setup.ts seeded (a copy takes a fraction of migrating and seeding one), and the run's
 * one bucket, where the catalogue images already are.
 */
async function storageEnv(): Promise<{
  env: Record<string, string>;
  databaseUrl: string | null;
  drop(): Promise<void>;
}> {
  if (e2eBackend() === 'sqlite') {
    return {
      env: { LOOT_STORAGE_DIR: process.env.LOOT_E2E_STORAGE_DIR ?? path.join(os.tmpdir(), 'loot-e2e-storage') },
      databaseUrl: null,
      drop: async () => {},
    };
  }
  const adminUrl = process.env.LOOT_E2E_PG_ADMIN_URL;
  const s3Env = process.env.LOOT_E2E_S3_ENV;
  if (!adminUrl || !s3Env)
    throw new Error('LOOT_E2E_BACKEND=postgres: the cluster and bucket are started by tests/e2e/global-setup.ts');
  pgDatabases += 1;
  const name = `loot_e2e_${process.pid}_${pgDatabases}`;
  await pgAdmin(`create database ${name} template ${E2E_PG_TEMPLATE}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), ...(JSON.parse(s3Env) as Record<string, string>) },
    databaseUrl: url.toString(),
    // After the server has exited, so nothing holds a connection to it; the cluster goes at the end in any case.
    drop: () => pgAdmin(`drop database if exists ${name}`).catch(() => {}),
  };
}

/**
 * Another instance of `server`'s site (many stateless instances): the same PostgreSQL database and bucket,
 * its own process and port. The database is the first server's to drop.
 */
function sharedStorageEnv(server: LootServer): {
  env: Record<string, string>;
  databaseUrl: string | null;
  drop(): Promise<void>;
} {
  const s3Env = process.env.LOOT_E2E_S3_ENV;
  if (!server.databaseUrl || !s3Env)
    throw new Error('a second instance shares a PostgreSQL database and a bucket: LOOT_E2E_BACKEND=postgres');
  return {
    env: { DATABASE_URL: server.databaseUrl, ...(JSON.parse(s3Env) as Record<string, string>) },
    databaseUrl: server.databaseUrl,
    drop: async () => {},
  };
}

/**
 * Starts the server bundle `npm start` runs (`node dist/server.js`, rebuilt first when older than the sources: see
 * serverBundle) on a free port, a fresh temp data dir and a fresh database (see storageEnv). Its output is kept:
 * `logs()` (the e2e run's logs are checked for secrets, tests/e2e/global-teardown.ts).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { instanceOf?: LootServer } = {},
): Promise<LootServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-e2e-'));
  const storage = options.instanceOf ? sharedStorageEnv(options.instanceOf) : await storageEnv();
  const child: ChildProcess = spawn(process.execPath, [await serverBundle()], {
    env: {
      ...process.env,
      PORT: String(port),
      LOOT_DATA_DIR: dataDir,
      ...storage.env,
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
      const res = await fetch(`${url}/api/health/ready`);
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
    databaseUrl: storage.databaseUrl,
    pid: child.pid!,
    logs: () => output,
    async stop() {
      // A child killed by a signal (a test's kill -9) has a signalCode and no exitCode: it has exited already.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      // The run's logs, checked for secrets when the run ends (tests/e2e/global-teardown.ts).
      if (process.env.LOOT_E2E_LOG_DIR)
        fs.writeFileSync(path.join(process.env.LOOT_E2E_LOG_DIR, `server-${child.pid}.log`), output);
      fs.rmSync(dataDir, { recursive: true, force: true });
      await storage.drop();
    },
  };
}

/**
 * One raw statement on a server's database, SQLite or PostgreSQL, for set-ups below the API (a month that ran
 * out): `?` placeholders on both.
 */
export async function runSql(server: LootServer, text: string, params: unknown[] = []): Promise<void> {
  if (!server.databaseUrl) {
    const db = new Database(path.join(server.dataDir, 'loot.db'));
    try {
      db.prepare(text).run(...params);
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    let n = 0;
    await client.query(
      text.replace(/\?/g, () => `$${++n}`),
      params,
    );
  } finally {
    await client.end();
  }
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
