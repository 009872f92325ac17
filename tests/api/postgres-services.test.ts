import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import type { Db } from '../../api/db/client';
import { billingRepo } from '../../api/db/repositories/billing.repo';
import { boardContentRepo } from '../../api/db/repositories/board-content.repo';
import { cardsRepo } from '../../api/db/repositories/cards.repo';
import { demoBoardRepo } from '../../api/db/repositories/demo-board.repo';
import { featuresRepo } from '../../api/db/repositories/features.repo';
import { gamesRepo } from '../../api/db/repositories/games.repo';
import { ownImagesRepo } from '../../api/db/repositories/own-images.repo';
import { searchRepo } from '../../api/db/repositories/search.repo';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { closePostgresDatabase, openPostgresDatabase } from '../../api/db/postgres';
import { seedPlans } from '../../api/db/seed-plans';
import { PLANS } from '#shared/plans';
import pg from 'pg';
import { withTransaction } from '../../api/db/transaction';
import { systemClock, type AppDeps } from '../../api/deps';
import { createBoard, deleteBoard, listBoards, restoreBoard } from '../../api/services/boards.service';
import { createDemoBoard } from '../../api/services/demo-board.service';
import { createCard, listCards, moveCardTo, toggleBookmark } from '../../api/services/cards.service';
import { createSection, listSections } from '../../api/services/sections.service';
import { consumeSearch } from '../../api/services/usage.service';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { createAppDeps } from '../../api/app-deps';

/**
 * The same repositories and services on PostgreSQL, through two "instances" (two pools, as two Loot
 * processes would have) on one throwaway cluster: what one writes the other reads at once, and the rules that read
 * then write (usage limits, Stripe event ids) hold when concurrent calls are split across both.
 */
let cluster: PgCluster;
let a: AppDeps;
let b: AppDeps;
let dir: string;

beforeAll(async () => {
  cluster = startPgCluster();
  const url = await cluster.createDatabase('loot_services');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-pg-services-'));
  const config = loadConfig({ LOOT_DATA_DIR: dir, LOOT_SEED_CATALOGUE: '0' });
  const [dbA, dbB] = await Promise.all([openPostgresDatabase(url), openPostgresDatabase(url)]);
  await seedPlans(dbA, config);
  a = createAppDeps({ db: dbA, config, clock: systemClock });
  b = createAppDeps({ db: dbB, config, clock: systemClock });
}, 120_000);

afterAll(async () => {
  if (a) await closePostgresDatabase(a.db);
  if (b) await closePostgresDatabase(b.db);
  cluster?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const SHA = 'ab'.repeat(32);
const OWN_URL = `/api/storage/own/${SHA}.webp`;
let emails = 0;
const newUser = (db: Db, patch: Parameters<typeof usersRepo.update>[2] = {}) =>
  usersRepo.create(db, {
    email: `pg-user-${(emails += 1)}@example.com`,
    usageResetDate: new Date(Date.now() + 30 * 86_400_000),
    monthlyLimit: 5,
    ...patch,
  });

describe('repositories and services on PostgreSQL, two instances', () => {
  it('instances starting at once on a fresh database seed the plans once between them, none failing (plans.name is unique too)', async () => {
    for (let round = 0; round < 8; round += 1) {
      const url = await cluster.createDatabase(`loot_plans_${round}`);
      const instances = await Promise.all(Array.from({ length: 4 }, () => openPostgresDatabase(url, { max: 2 })));
      try {
        await Promise.all(instances.map((db) => seedPlans(db, a.config)));
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        const { rows } = await client
          .query<{ name: string }>('select name from plans order by sort_order')
          .finally(() => client.end());
        expect(rows.map((r) => r.name)).toEqual(PLANS.map((plan) => plan.name));
      } finally {
        await Promise.all(instances.map((db) => closePostgresDatabase(db)));
      }
    }
  });

  it('a board, section and card written on one instance are read on the other at once, with the same shapes', async () => {
    const user = await newUser(a.db, { planId: 3, monthlyLimit: -1 });
    const board = await createBoard(a, user, { title: 'Refs' });
    const section = await createSection(a, user, {
      boardId: board.id,
      title: 'Offers',
      color: '#FDE2E4',
      position: { x: 1, y: 2 },
      size: { width: 400, height: 100 },
    });
    const card = await createCard(
      a,
      { ...user },
      {
        boardId: board.id,
        sectionId: section.id,
        title: 'Starter pack',
        description: 'A pack',
        game: 'Royal Match',
        gameLink: '',
        images: ['/api/storage/a.webp'],
        tags: ['Monetization', 'Starter Pack'],
        orientation: 'vertical',
        isBookmarked: 0,
        position: { x: 10.5, y: 20 },
      },
    );
    expect((await listBoards(b, user)).map((x) => x.title)).toEqual(['Refs']);
    expect(await listSections(b, user, board.id)).toEqual([
      expect.objectContaining({ id: section.id, title: 'Offers', position: { x: 1, y: 2 }, locked: false }),
    ]);
    const [read] = await listCards(b, user, board.id);
    expect(read).toEqual(card);
    expect(read.tags).toEqual(['Monetization', 'Starter Pack']);
    expect(new Date(read.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await toggleBookmark(b, user, card.id)).isBookmarked).toBe(1);
    expect((await moveCardTo(a, user, card.id, { x: 3, y: 4 })).position).toEqual({ x: 3, y: 4 });
    expect((await listCards(b, user, board.id))[0]).toMatchObject({ isBookmarked: 1, position: { x: 3, y: 4 } });
  });

  it('the raw-SQL repositories with a PostgreSQL variant: board content pages, layout id checks, delete and restore, own-image rules, catalogue upserts', async () => {
    const user = await newUser(a.db, { planId: 3, monthlyLimit: -1 });
    const keep = await createBoard(a, user, { title: 'Keep' });
    const board = await createBoard(a, user, { title: 'Content' });
    await ownImagesRepo.upsert(a.db, {
      userId: user.id,
      sha256: SHA,
      url: OWN_URL,
      bytes: 1234,
      width: 10,
      height: 10,
      createdAt: new Date(),
    });
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(
        await createCard(a, user, {
          boardId: board.id,
          title: `Card ${i}`,
          description: '',
          game: '',
          gameLink: '',
          images: i === 0 ? [OWN_URL] : [],
          tags: ['T'],
          orientation: 'horizontal',
          isBookmarked: 0,
          position: { x: i, y: 0 },
        }),
      );
    }
    const page = await boardContentRepo.page(b.db, board.id, user.id, made[1].id, 2, false);
    expect(page.map((r) => r.id)).toEqual([made[2].id, made[3].id]);
    expect(page[0]).toMatchObject({
      sectionId: null,
      x: 2,
      y: 0,
      isBookmarked: 0,
      tags: '["T"]',
      images: '[]',
      reasons: '[]',
    });
    expect(await boardContentRepo.count(b.db, board.id, true)).toBe(5);
    expect(
      [...(await cardsRepo.idsAmongOnBoard(b.db, user.id, board.id, [made[0].id, made[4].id, 999_999]))].sort(),
    ).toEqual([made[0].id, made[4].id].sort());
    expect((await cardsRepo.idsOnBoard(b.db, user.id, keep.id)).size).toBe(0);

    expect(await ownImagesRepo.userHasCardShowing(b.db, user.id, OWN_URL)).toBe(true);
    expect(await ownImagesRepo.usedBytes(b.db, user.id)).toBe(1234);

    expect(await deleteBoard(a, user, board.id)).toMatchObject({ success: true, cards: 5 });
    expect((await listBoards(b, user)).map((x) => x.id)).toEqual([keep.id]);
    await restoreBoard(b, user, board.id);
    expect((await listCards(a, user, board.id)).map((c) => c.id)).toEqual(made.map((c) => c.id));

    await gamesRepo.upsertMany(a.db, [
      {
        name: 'PG Game',
        genre: 'Puzzle',
        subgenre: 'Match-3',
        tier: 'Casual',
        superGenre: 'Casual',
        orientation: 'vertical',
        storeUrl: 'https://example.com/g',
        isTop: true,
        isNew: false,
        palette: ['#fff'],
      },
    ]);
    const gameId = (await gamesRepo.idsByName(b.db, ['PG Game'])).get('PG Game')!;
    const feature = {
      gameId,
      featureScreenName: 'Shop',
      primaryTag: 'Monetization',
      secondaryTag: 'Shop',
      shortDescription: 'A shop',
      detailedDescription: '',
      gameLink: '',
      orientation: 'vertical',
      screenshots: [{ path: 'static/catalogue/x.webp' }],
    };
    await featuresRepo.upsertMany(a.db, [feature]);
    await featuresRepo.upsertMany(b.db, [feature]);
    await featuresRepo.upsertMany(b.db, [{ ...feature, shortDescription: 'A bigger shop' }]);
    const catalogue = await demoBoardRepo.catalogueFeatures(a.db);
    expect(catalogue).toEqual([
      expect.objectContaining({
        title: 'Shop',
        description: 'A bigger shop',
        game: 'PG Game',
        gameLink: 'https://example.com/g',
        screenshots: [{ path: 'static/catalogue/x.webp' }],
      }),
    ]);
    expect((await gamesRepo.listForPicker(b.db)).find((g) => g.name === 'PG Game')).toEqual({
      name: 'PG Game',
      isTop: true,
      isNew: false,
    });

    // The bulk board writer: a demo board of 2,500 cards (multi-row inserts in chunks), read from the other instance.
    const demo = await createDemoBoard(a, { userId: user.id, cards: 2500, sections: 1 });
    const demoCards = await listCards(b, user, demo.boardId);
    expect(demoCards).toHaveLength(2500);
    expect(demoCards[2499]).toMatchObject({
      title: 'Shop',
      game: 'PG Game',
      images: expect.any(Array),
      tags: ['Monetization', 'Shop'],
    });

    // The query engine's catalogue reads and writes that need no full-text search.
    const { version, games } = await searchRepo.gamesAtVersion(b.db);
    expect(version).toBe(await searchRepo.gamesVersion(a.db));
    expect(games.find((g) => g.name === 'PG Game')).toEqual({
      id: gameId,
      name: 'PG Game',
      genre: 'Puzzle',
      subgenre: 'Match-3',
      tier: 'Casual',
      storeUrl: 'https://example.com/g',
      isTop: true,
    });
    const featureId = catalogue[0].id;
    const facts = { id: featureId, gameId, primaryTag: 'Monetization', secondaryTag: 'Shop', title: 'Shop' };
    // Every feature as ranking reads it, with the version it is at, from the other instance.
    const read = await searchRepo.featureFactsAtVersion(b.db);
    expect(read.version).toBe(await searchRepo.featuresVersion(a.db));
    expect(read.facts.find((f) => f.id === featureId)).toEqual(facts);
    expect((await searchRepo.featuresForCards(b.db, [featureId]))[0]).toMatchObject({
      id: featureId,
      title: 'Shop',
      detailedDescription: '',
      gameLink: 'https://example.com/g',
      primaryTag: 'Monetization',
    });
    expect(await searchRepo.featureCount(b.db)).toBe(featureId);
    expect(await searchRepo.boardFeatureIds(b.db, demo.boardId)).toEqual([featureId]);
    expect(await searchRepo.sectionCount(b.db, demo.boardId)).toBe(1);
    expect(await searchRepo.boardBottom(b.db, demo.boardId, 100, 50)).toBeGreaterThan(0);
    const queryId = await searchRepo.insertQuery(a.db, {
      userId: user.id,
      boardId: demo.boardId,
      text: 'shops',
      provider: 'offline',
      resultCount: 1,
      createdAt: Date.now(),
    });
    expect(queryId).toBeGreaterThan(0);
  });

  it("a free user's concurrent searches split across both instances never pass the monthly limit", async () => {
    const user = await newUser(a.db, { monthlyLimit: 5, usageCount: 0 });
    const attempts = Array.from({ length: 20 }, (_, i) => consumeSearch(i % 2 === 0 ? a : b, user.id));
    const settled = await Promise.allSettled(attempts);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(5);
    for (const s of settled)
      if (s.status === 'rejected') expect(s.reason).toMatchObject({ code: 'limit_reached', status: 403 });
    expect((await usersRepo.getById(b.db, user.id))!.usageCount).toBe(5);
  });

  it('a Stripe event id recorded from both instances at once is applied once', async () => {
    const record = (deps: AppDeps) =>
      withTransaction(deps.db, (tx) => billingRepo.recordEvent(tx, 'evt_pg_once', 'invoice.paid', new Date()));
    const results = await Promise.all([record(a), record(b), record(a), record(b)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await billingRepo.isEventProcessed(b.db, 'evt_pg_once')).toBe(true);
  });

  it('a failed transaction writes nothing, and a service opening its own transaction inside it gets a savepoint, not a second connection', async () => {
    const user = await newUser(a.db, { monthlyLimit: 5, usageCount: 0 });
    await expect(
      withTransaction(a.db, async () => {
        await createBoard(a, user, { title: 'Never' });
        expect((await consumeSearch(a, user.id)).usageCount).toBe(1);
        throw new Error('the board write failed');
      }),
    ).rejects.toThrow('the board write failed');
    expect(await listBoards(b, user)).toEqual([]);
    expect((await usersRepo.getById(b.db, user.id))!.usageCount).toBe(0);
  });
});
