import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/app';
import { createAppDeps } from '../../api/app-deps';
import { loadConfig, type AppConfig } from '../../api/config';
import pg from 'pg';
import { closeDatabase, openDatabase, type Db } from '../../api/db/client';
import { closePostgresDatabase, openPostgresDatabase } from '../../api/db/postgres';
import { resetForReuse, takeReusableDatabase } from './pg-test-databases';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { withSqlite } from '../../api/db/transaction';
import { seedPlans } from '../../api/db/seed-plans';
import { usersRepo, type UserRow } from '../../api/db/repositories/users.repo';
import type { AppDeps, Clock } from '../../api/deps';
import { createSession } from '../../api/services/sessions.service';

/** A clock tests can move. */
export function testClock(
  start = new Date('2026-01-15T10:00:00Z'),
): Clock & { set(d: Date): void; advance(ms: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (d) => {
      now = d.getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/**
 * Which database createTestApp() opens: SQLite (the default) or, with LOOT_TEST_DATABASE=postgres (the vitest
 * `postgres` project), a fresh database on the run's throwaway PostgreSQL cluster.
 */
export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  return process.env.LOOT_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
}

export type TestApp = {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  db: Db;
  dir: string;
  config: AppConfig;
  dialect: TestDialect;
  /**
   * One raw statement on either database, for assertions and set-ups below the API: `?` placeholders, rows as
   * plain objects (PostgreSQL's bigint counts come back as numbers, as the app reads them).
   */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** A signed-in user and the Cookie header that carries their session. */
  signIn(email?: string, patch?: Partial<UserRow>): Promise<{ user: UserRow; cookie: string }>;
  /** app.request with JSON body and headers filled in. */
  call(
    method: string,
    url: string,
    opts?: { cookie?: string; json?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
};

let pgDatabaseCount = 0;

/**
 * A database in the state of a fresh copy of the migrated template (tests/helpers/pg-global-setup.ts): one a closed
 * test app left for reuse, else a new copy. `release` puts it back for reuse, or drops it when it cannot be
 * (tests/helpers/pg-test-databases.ts).
 */
async function createPgTestDatabase(catalogue: TestCatalogue): Promise<{ url: string; release(): Promise<void> }> {
  const { inject } = await import('vitest');
  const { PG_TEMPLATE_DATABASE, PG_DEMO_CATALOGUE_TEMPLATE_DATABASE } = await import('./pg-global-setup');
  const adminUrl = inject('lootPgAdminUrl');
  const snapshot = inject('lootPgTemplateSnapshot');
  if (!adminUrl)
    throw new Error(
      'LOOT_TEST_DATABASE=postgres needs the postgres vitest project (its globalSetup starts the cluster)',
    );
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  // A reused database is in the empty template's state; one with the demo catalogue is always a new copy of the
  // template that holds it (refilling the catalogue's search words row by row is what the copy saves).
  let name = catalogue === 'none' ? await takeReusableDatabase(adminUrl) : null;
  if (!name) {
    pgDatabaseCount += 1;
    // A process id can come back later in the run, and a database outlives the test that made it (reused).
    name = `loot_test_${process.pid}_${pgDatabaseCount}_${Math.random().toString(36).slice(2, 8)}`;
    const template = catalogue === 'demo' ? PG_DEMO_CATALOGUE_TEMPLATE_DATABASE : PG_TEMPLATE_DATABASE;
    await admin(`create database ${name} template ${template}`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    url: databaseUrl,
    async release() {
      if (await resetForReuse(adminUrl, databaseUrl, name, snapshot).catch(() => false)) return;
      // Not `with (force)`: a connection the app still holds (a pool it opened itself) would be killed under it and
      // surface as an uncaught error. A database still in use is left to the cluster's removal at the end of the run.
      await admin(`drop database if exists ${name}`).catch(() => undefined);
    },
  };
}

/**
 * What a new test app's database holds besides the migrated schema and the plans: nothing, or the shipped demo
 * catalogue exactly as `loadCatalogue(db, planCatalogue(readCatalogueDir().data))` leaves it.
 */
export type TestCatalogue = 'none' | 'demo';

/** The shipped demo catalogue as the tests load it. */
export const demoCataloguePlan = () => planCatalogue(readCatalogueDir().data);

let sqliteDemoTemplate: Promise<string> | undefined;

/**
 * A SQLite file with the migrations applied and the demo catalogue loaded, made once per test process and copied
 * for each test app that asks for the catalogue: loading it takes longer than most tests that read it.
 */
function sqliteDemoCatalogueTemplate(): Promise<string> {
  sqliteDemoTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-test-template-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'loot.db');
    const db = openDatabase(file);
    try {
      await loadCatalogue(db, demoCataloguePlan());
      // Everything in the main file, so that copying it alone copies the catalogue.
      await withSqlite(db, (sqlite) => sqlite.pragma('wal_checkpoint(TRUNCATE)'));
    } finally {
      closeDatabase(db);
    }
    return file;
  })();
  return sqliteDemoTemplate;
}

/**
 * Each PostgreSQL test database this process holds: how many test apps have it open (a first one and those opened
 * `sharedWith` it), and how to release it once the last of them closes.
 */
const pgDatabasesInUse = new Map<string, { users: number; release(): Promise<void> }>();

/** `?` placeholders as PostgreSQL's `$1, $2, …` (outside quoted strings). */
function numberedPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/'(?:[^']|'')*'|\?/g, (match) => (match === '?' ? `$${++n}` : match));
}

/**
 * The real app in a fresh temp folder over a real SQLite file, or over a fresh PostgreSQL database (DATABASE_URL)
 * when testDialect() is 'postgres'.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    extraDeps?: Partial<AppDeps>;
    /**
     * A second instance of `sharedWith`'s app: its own connection (pool), config and in-process state, on the same
     * database (the same SQLite file, or the same PostgreSQL database) and data folder, on the same clock unless
     * `clock` says otherwise. Closing it leaves the first one's database and folder alone.
     */
    sharedWith?: TestApp;
    /** The demo catalogue loaded (a copy of a database that holds it), or nothing (the default). */
    catalogue?: TestCatalogue;
  } = {},
): Promise<TestApp> {
  const dialect = testDialect();
  const first = options.sharedWith;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-test-'));
  const catalogue = options.catalogue ?? 'none';
  if (first && catalogue !== 'none')
    throw new Error("createTestApp: a second instance shares the first one's database");
  const pgDatabase = dialect === 'postgres' && !first ? await createPgTestDatabase(catalogue) : null;
  const databaseUrl = first ? first.config.DATABASE_URL : pgDatabase?.url;
  const config = loadConfig({
    LOOT_DATA_DIR: first ? first.config.dataDir : dir,
    LOOT_SEED_CATALOGUE: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  if (!config.DATABASE_URL && catalogue === 'demo') {
    fs.copyFileSync(await sqliteDemoCatalogueTemplate(), config.dbFile);
    fs.chmodSync(config.dbFile, 0o600);
  }
  const db = config.DATABASE_URL ? await openPostgresDatabase(config.DATABASE_URL) : openDatabase(config.dbFile);
  // The test database this app holds, if any (not one a test names itself in env.DATABASE_URL).
  const heldUrl =
    pgDatabase?.url ??
    (first && config.DATABASE_URL && pgDatabasesInUse.has(config.DATABASE_URL) ? config.DATABASE_URL : null);
  if (pgDatabase) pgDatabasesInUse.set(pgDatabase.url, { users: 1, release: pgDatabase.release });
  else if (heldUrl) pgDatabasesInUse.get(heldUrl)!.users += 1;
  await seedPlans(db, config);
  const deps: AppDeps = createAppDeps({
    db,
    config,
    clock: options.clock ?? first?.deps.clock ?? testClock(),
    ...options.extraDeps,
  });
  const app = createApp(deps);
  let userCount = 0;
  let closed = false;
  return {
    app,
    deps,
    db,
    dir,
    config,
    dialect,
    async sql<T>(text: string, params: unknown[] = []) {
      if (config.DATABASE_URL) {
        const pool = (db as unknown as { $client: pg.Pool }).$client;
        return (await pool.query(numberedPlaceholders(text), params)).rows as T[];
      }
      return withSqlite(db, (sqlite) => {
        const statement = sqlite.prepare(text);
        if (statement.reader) return statement.all(...params) as T[];
        statement.run(...params);
        return [];
      });
    },
    async signIn(email, patch) {
      userCount += 1;
      const address = email ?? `user${userCount}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const now = deps.clock.now();
      let user =
        (await usersRepo.getByEmail(db, address)) ??
        (await usersRepo.create(db, {
          email: address,
          firstName: address.split('@')[0],
          usageResetDate: new Date(now.getTime() + 30 * 24 * 60 * 60_000),
          monthlyLimit: 5,
          // A test's person has a proven address unless the test says otherwise (patch emailVerifiedAt: null).
          emailVerifiedAt: now,
        }));
      if (patch) user = (await usersRepo.update(db, user.id, patch))!;
      const token = await createSession(deps, user.id);
      return { user, cookie: `loot_session=${token}` };
    },
    call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.cookie) headers.cookie = opts.cookie;
      let body: string | undefined;
      if (opts.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof opts.json === 'string' ? opts.json : JSON.stringify(opts.json);
      }
      return Promise.resolve(app.request(url, { method, headers, body }));
    },
    async close() {
      if (closed) return;
      closed = true;
      await deps.layoutWorker.close();
      if (config.DATABASE_URL) {
        await closePostgresDatabase(db);
        // The database is released by the last app to close, the first one or one opened `sharedWith` it.
        const held = heldUrl ? pgDatabasesInUse.get(heldUrl) : undefined;
        if (heldUrl && held && (held.users -= 1) === 0) {
          pgDatabasesInUse.delete(heldUrl);
          await held.release();
        }
      } else closeDatabase(db);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
