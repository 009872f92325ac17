import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { loadConfig } from '../../api/config';
import { closeDatabase } from '../../api/db/client';
import { migrateToPostgres } from '../../api/db/migrate-to-postgres';
import { closeConfiguredDatabase, openConfiguredDatabase } from '../../api/db/open-database';
import { systemClock, type AppDeps } from '../../api/deps';
import { createDemoBoard } from '../../api/services/demo-board.service';
import { PLAN_IDS } from '#shared/plans';
import { sessionCookieFrom } from '../helpers/auth-requests';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectJson } from './fixtures/board-api';
import { solidPng, upload } from './fixtures/own-images';
import { createAppDeps } from '../../api/app-deps';

/**
 * `npm run db:migrate-to-postgres`: a SQLite install made through the real app (users, boards,
 * sections, cards, bookmarks, queries, a share link, feedback, an own image, a deleted board, the catalogue and a
 * 10,000-card board) is moved into a throwaway PostgreSQL cluster by the command a user runs; every row arrives,
 * stored as it was, and the app on PostgreSQL takes the old session cookies, share code and deleted board's undo.
 * A second run changes nothing; rows PostgreSQL has and SQLite has not fail the count check.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const TABLES = [
  'plans',
  'users',
  'sessions',
  'boards',
  'sections',
  'games',
  'games_version',
  'features',
  'features_version',
  'cards',
  'queries',
  'collections',
  'collection_items',
  'feedback',
  'stripe_events',
  'login_failures',
  'own_images',
  'deleted_boards',
  'leases',
  'board_content_versions',
  'board_members',
  'board_invitations',
  'card_bookmarks',
];

let cluster: PgCluster;
let url: string;
let source: TestApp;
let dbFile: string;
let client: pg.Client;
const made = {} as {
  cookie: string;
  paidCookie: string;
  boardId: number;
  paidBoardId: number;
  bigBoardId: number;
  shareCode: string;
  deletedBoardId: number;
  bookmarkedCardId: number;
};

function migrateCli(): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('npm', ['run', '--silent', 'db:migrate-to-postgres', '--', '--from', dbFile], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function sqliteRows<T>(text: string): T[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare(text).all() as T[];
  } finally {
    db.close();
  }
}
const pgRows = async <T>(text: string) => (await client.query(text)).rows as T[];

async function counts() {
  const sqlite: Record<string, number> = {};
  const postgres: Record<string, number> = {};
  for (const table of TABLES) {
    sqlite[table] = sqliteRows<{ n: number }>(`select count(*) as n from ${table}`)[0].n;
    postgres[table] = Number((await pgRows<{ n: string }>(`select count(*) as n from ${table}`))[0].n);
  }
  return { sqlite, postgres };
}

/** md5 over whole rows of a few tables (and the derived features_search), to see that a run changed nothing. */
async function checksums() {
  const out: Record<string, string> = {};
  for (const [table, key] of [
    ['cards', 'id'],
    ['sections', 'id'],
    ['boards', 'id'],
    ['sessions', 'token_hash'],
    ['board_content_versions', 'board_id'],
    ['games_version', 'id'],
    ['features_search', 'id'],
  ]) {
    out[table] = (
      await pgRows<{ sum: string }>(`select md5(string_agg(t::text, '|' order by ${key})) as sum from ${table} t`)
    )[0].sum;
  }
  return out;
}

beforeAll(async () => {
  cluster = startPgCluster();
  url = await cluster.createDatabase('loot_migrate');
  source = await createTestApp({ clock: systemClock });
  dbFile = source.config.dbFile;
  await loadCatalogue(source.db, planCatalogue(readCatalogueDir().data));
  const json = (method: string, route: string, cookie: string, body?: unknown, status = 200) =>
    expectJson(source, method, route, status, { cookie, json: body });

  // A user signed up through the app (a password, a session cookie), on the free plan.
  const registered = await source.call('POST', '/api/auth/register', {
    json: { email: 'owner@example.com', password: 'lantern-quiet-93', firstName: 'Owner' },
  });
  expect(registered.status).toBe(201);
  made.cookie = sessionCookieFrom(registered)!;
  // Its address proven, as the mailed link proves it (account-mail.test.ts opens the link itself); the link's row stays.
  await source.sql('update users set email_verified_at = ? where email = ?', [Date.now(), 'owner@example.com']);
  const paid = await source.signIn('paid@example.com', { planId: PLAN_IDS.pro, monthlyLimit: -1 });
  made.paidCookie = paid.cookie;

  const board = await json('POST', '/api/boards', made.cookie, { title: 'Offers' }, 201);
  made.boardId = board.id;
  const section = await json(
    'POST',
    '/api/sections',
    made.cookie,
    { boardId: board.id, title: 'Shop', color: '#FDE2E4' },
    201,
  );
  const card = await json(
    'POST',
    '/api/cards',
    made.cookie,
    { boardId: board.id, sectionId: section.id, title: 'Daily offer', tags: ['Shop'] },
    201,
  );
  expect(card.id).toBeGreaterThan(0);
  const search = await json('POST', '/api/gemini/process', made.cookie, {
    query: 'starter packs in match-3 games',
    boardId: board.id,
  });
  expect(search).toBeTruthy();
  const shared = await json('PATCH', `/api/boards/${board.id}`, made.cookie, { isShared: 1 });
  made.shareCode = shared.shareCode;
  await json('POST', '/api/feedback', made.cookie, { title: 'Hello', message: 'Moving to PostgreSQL' }, 201);

  const paidBoard = await json('POST', '/api/boards', paid.cookie, { title: 'Mine' }, 201);
  const uploaded = await upload(source, `/api/boards/${paidBoard.id}/images`, {
    cookie: paid.cookie,
    file: await solidPng(80, 40),
    name: 'mine.png',
  });
  expect(uploaded.status).toBe(201);
  const kept = await json('POST', '/api/cards', paid.cookie, { boardId: paidBoard.id, title: 'Worth keeping' }, 201);
  await json('PATCH', `/api/cards/${kept.id}/bookmark`, paid.cookie);
  made.bookmarkedCardId = kept.id;
  made.paidBoardId = paidBoard.id;
  // A team board: the free user is its editor, an address not signed up yet is invited, and a link waits.
  const asked = await json(
    'POST',
    `/api/boards/${paidBoard.id}/members`,
    paid.cookie,
    { email: 'owner@example.com', role: 'editor' },
    201,
  );
  await json('POST', `/api/invitations/${asked.invitation.code}/accept`, made.cookie, undefined, 200);
  await json(
    'POST',
    `/api/boards/${paidBoard.id}/members`,
    paid.cookie,
    { email: 'later@example.com', role: 'viewer' },
    201,
  );
  await json('POST', `/api/boards/${paidBoard.id}/invitations`, paid.cookie, { role: 'viewer', maxUses: 3 }, 201);

  // 10,000 catalogue cards in 40 sections for the free user: sections past the free plan's are locked, and so are their cards.
  const owner = await json('GET', '/api/current-user', made.cookie);
  const big = await createDemoBoard(source.deps, { userId: owner.id, cards: 10_000, sections: 40 });
  made.bigBoardId = big.boardId;

  // The last board made is deleted (kept for undo): its id is SQLite's highest handed out, though no board has it.
  const doomed = await json('POST', '/api/boards', made.cookie, { title: 'Doomed' }, 201);
  await json('POST', '/api/cards', made.cookie, { boardId: doomed.id, title: 'Gone card' }, 201);
  await json('DELETE', `/api/boards/${doomed.id}`, made.cookie);
  made.deletedBoardId = doomed.id;
  closeDatabase(source.db);

  client = new pg.Client({ connectionString: url });
  await client.connect();
}, 300_000);

afterAll(async () => {
  await client?.end();
  cluster?.stop();
  if (source) fs.rmSync(source.dir, { recursive: true, force: true });
});

describe('npm run db:migrate-to-postgres', () => {
  it('copies every row as stored, then a second run changes nothing', async () => {
    const first = migrateCli();
    expect(first.stderr).not.toMatch(/differ/);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Row counts match in all 29 tables/);

    const { sqlite, postgres } = await counts();
    expect(postgres).toEqual(sqlite);
    expect(sqlite.cards).toBeGreaterThan(10_000);
    for (const table of [
      'users',
      'sessions',
      'boards',
      'sections',
      'queries',
      'feedback',
      'own_images',
      'deleted_boards',
      'features',
      'games',
      'collections',
      'board_members',
      'board_invitations',
      'card_bookmarks',
    ]) {
      expect(sqlite[table], table).toBeGreaterThan(0);
    }

    // Values arrive as stored (locks not re-decided, versions not bumped), in PostgreSQL's column types.
    const liteCards = sqliteRows<Record<string, unknown>>(
      'select id, board_id, section_id, locked, tags, reasons, images, x, y, created_at from cards order by id',
    );
    const pgCards = await pgRows<Record<string, unknown>>(
      'select id, board_id, section_id, locked, tags, reasons, images, x, y, created_at from cards order by id',
    );
    expect(pgCards.map((c) => ({ ...c, created_at: Number(c.created_at) }))).toEqual(
      liteCards.map((c) => ({ ...c, created_at: Math.trunc(c.created_at as number) })),
    );
    expect(liteCards.filter((c) => c.locked === 1).length).toBeGreaterThan(0);
    const bookmarks = 'select user_id, card_id, created_at from card_bookmarks order by id';
    expect(
      (await pgRows<Record<string, unknown>>(bookmarks)).map((b) => ({ ...b, created_at: Number(b.created_at) })),
    ).toEqual(
      sqliteRows<Record<string, unknown>>(bookmarks).map((b) => ({
        ...b,
        created_at: Math.trunc(b.created_at as number),
      })),
    );
    const versions = 'select board_id, version from board_content_versions order by board_id';
    expect(await pgRows(versions)).toEqual(sqliteRows(versions));
    expect(await pgRows('select version from games_version')).toEqual(sqliteRows('select version from games_version'));
    expect(await pgRows('select version from features_version')).toEqual(
      sqliteRows('select version from features_version'),
    );
    expect(await pgRows<{ is_popular: boolean }>('select is_popular from plans order by id')).toEqual(
      sqliteRows<{ is_popular: number }>('select is_popular from plans order by id').map((p) => ({
        is_popular: p.is_popular === 1,
      })),
    );
    const types = await pgRows<{ data_type: string }>(
      "select data_type from information_schema.columns where table_name = 'sessions' and column_name = 'expires_at'",
    );
    expect(types[0].data_type).toBe('bigint');
    expect(await pgRows('select count(*)::int as n from features_search')).toEqual([{ n: sqlite.features }]);

    const before = await checksums();
    const second = await migrateToPostgres({ from: dbFile, databaseUrl: url });
    expect(second.ok).toBe(true);
    expect(second.tables.every((t) => t.copied === 0)).toBe(true);
    expect(second.sequences).toBe(0);
    expect(await checksums()).toEqual(before);
    expect((await counts()).postgres).toEqual(sqlite);
  }, 300_000);

  it('the app on PostgreSQL takes the old session cookies, share code and undo, and numbers new rows past the old ids', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-migrated-'));
    const config = loadConfig({ LOOT_DATA_DIR: dir, LOOT_SEED_CATALOGUE: '0', DATABASE_URL: url });
    const db = await openConfiguredDatabase(config);
    const deps: AppDeps = createAppDeps({ db, config, clock: systemClock });
    const app = createApp(deps);
    const call = async (method: string, route: string, cookie: string, json?: unknown) => {
      const res = await app.request(route, {
        method,
        headers: {
          cookie,
          origin: 'http://localhost',
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
    };
    try {
      const me = await call('GET', '/api/current-user', made.cookie);
      expect(me).toMatchObject({ status: 200, body: { email: 'owner@example.com' } });
      // The password still signs in.
      const login = await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'lantern-quiet-93' }),
      });
      expect(login.status).toBe(200);

      const content = await call('GET', `/api/boards/${made.paidBoardId}/content`, made.paidCookie);
      expect(content.status).toBe(200);
      const rows = content.body.rows as [number, number | null, number, number, number, number, string][];
      expect(rows.find((r) => r[0] === made.bookmarkedCardId)?.[5]).toBe(1);
      const bigPage = await call('GET', `/api/boards/${made.bigBoardId}/content`, made.cookie);
      expect(bigPage.status).toBe(200);

      const copy = await call('GET', `/api/share/${made.shareCode}`, made.paidCookie);
      expect(copy.status).toBe(200);
      expect(copy.body.boardId).toBeGreaterThan(made.deletedBoardId);

      const maxCard = sqliteRows<{ seq: number }>("select seq from sqlite_sequence where name = 'cards'")[0].seq;
      const fresh = await call('POST', '/api/cards', made.cookie, {
        boardId: made.boardId,
        title: 'Made on PostgreSQL',
      });
      expect(fresh.status).toBe(201);
      expect(fresh.body.id).toBeGreaterThan(maxCard);

      const restored = await call('POST', `/api/boards/${made.deletedBoardId}/restore`, made.cookie);
      expect(restored.status).toBe(200);
      expect((await call('GET', `/api/boards/${made.deletedBoardId}/content`, made.cookie)).body.total).toBe(1);
    } finally {
      await closeConfiguredDatabase(db);
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // PostgreSQL now holds rows the SQLite file has not: the command says which tables differ and fails.
    const again = migrateCli();
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/Row counts differ/);
    expect(again.stderr).toMatch(/cards: \d+ rows in SQLite, \d+ in PostgreSQL/);
  }, 300_000);
});
