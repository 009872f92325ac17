import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { loadConfig } from '../../api/config';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { closeConfiguredDatabase, openConfiguredDatabase } from '../../api/db/open-database';
import { seedPlans } from '../../api/db/seed-plans';
import { systemClock, type AppDeps } from '../../api/deps';
import { createSession } from '../../api/services/sessions.service';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { createAppDeps } from '../../api/app-deps';

/**
 * DATABASE_URL selects PostgreSQL: the real app over HTTP on a throwaway cluster, through a query →
 * board, the board's content pages, a layout of every card through the ops door and a share link's copy.
 */
let cluster: PgCluster;
let deps: AppDeps;
let dir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  cluster = startPgCluster();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-pg-app-'));
  const config = loadConfig({
    LOOT_DATA_DIR: dir,
    LOOT_SEED_CATALOGUE: '0',
    DATABASE_URL: await cluster.createDatabase('loot_app'),
  });
  const db = await openConfiguredDatabase(config);
  await seedPlans(db, config);
  await loadCatalogue(db, planCatalogue(readCatalogueDir().data));
  deps = createAppDeps({ db, config, clock: systemClock });
  app = createApp(deps);
}, 120_000);

afterAll(async () => {
  if (deps) await closeConfiguredDatabase(deps.db);
  cluster?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(email: string, planId = 3) {
  const user = await usersRepo.create(deps.db, {
    email,
    usageResetDate: new Date(Date.now() + 30 * 86_400_000),
    monthlyLimit: 40,
    planId,
  });
  return { user, cookie: `loot_session=${await createSession(deps, user.id)}` };
}

async function call(method: string, url: string, cookie: string, json?: unknown) {
  const res = await app.request(url, {
    method,
    headers: { cookie, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
}

describe('the app on PostgreSQL (DATABASE_URL)', () => {
  it('answers a query with a board, pages its content, saves its layout and shares a copy', async () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    const { cookie } = await signIn('pg-app@example.com');
    const board = await call('POST', '/api/boards', cookie, { title: 'Offers' });
    expect(board.status).toBe(201);
    const search = await call('POST', '/api/gemini/process', cookie, {
      query: 'starter packs in match-3 games',
      boardId: board.body.id,
    });
    expect(search.status).toBe(200);
    const content = await call('GET', `/api/boards/${board.body.id}/content`, cookie);
    expect(content.status).toBe(200);
    // Compact rows: [id, sectionId, x, y, vertical, isBookmarked, title, …] (shared/schemas/board-content.ts).
    const rows = content.body.rows as [number, number | null, number, number, number, number, string][];
    const cards = rows.map((r) => ({ id: r[0], title: r[6] }));
    expect(cards.length).toBeGreaterThan(3);
    expect(content.body.total).toBe(cards.length);
    expect(cards.some((c) => /starter/i.test(c.title))).toBe(true);

    const placed = cards.map((c, i) => ({ id: c.id, position: { x: i * 10, y: 7 } }));
    const saved = await call('POST', `/api/boards/${board.body.id}/ops`, cookie, {
      batchId: `pg-app-layout-${process.pid}`,
      ops: [{ type: 'layout.set', cards: placed }],
    });
    expect(saved.status).toBe(200);
    expect((saved.body as { change: { cards: unknown[] } }).change.cards).toHaveLength(cards.length);
    const moved = await call('GET', `/api/boards/${board.body.id}/content`, cookie);
    expect((moved.body.rows as number[][]).map((r) => [r[0], r[2], r[3]])).toEqual(
      cards.map((c, i) => [c.id, i * 10, 7]),
    );

    const shared = await call('PATCH', `/api/boards/${board.body.id}`, cookie, { isShared: 1 });
    const recipient = await signIn('pg-recipient@example.com');
    const copy = await call('GET', `/api/share/${shared.body.shareCode}`, recipient.cookie);
    expect(copy.status).toBe(200);
    const copied = await call('GET', `/api/boards/${copy.body.boardId}/content`, recipient.cookie);
    expect(copied.body.total).toBe(cards.length);
  }, 60_000);
});
