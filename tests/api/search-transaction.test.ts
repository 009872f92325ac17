import { withTransaction } from '../../api/db/transaction';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { boardsRepo } from '../../api/db/repositories/boards.repo';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { writeSearchResults } from '../../api/search/board-writer';
import { loadGameIndex, offlinePlan, runPlan, type SearchResult } from '../../api/search/engine';
import { consumeSearch } from '../../api/services/usage.service';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';

/**
 * Usage and the board write are one unit: consumeSearch (its own IMMEDIATE transaction) nests inside the search's
 * write transaction as a savepoint, so whatever fails after the count rolls the count back too.
 */
const demoCatalogue = planCatalogue(readCatalogueDir().data);

describe('the search write transaction', () => {
  let t: TestApp;
  let userId: number;
  let boardId: number;
  beforeEach(async () => {
    t = await createTestApp();
    await loadCatalogue(t.db, demoCatalogue);
    userId = (await t.signIn(undefined, { monthlyLimit: 3, usageCount: 0 })).user.id;
    const now = t.deps.clock.now();
    boardId = (await boardsRepo.create(t.db, userId, { title: 'Untitled', slug: 'untitled', createdAt: now, updatedAt: now })).id;
  });
  afterEach(() => t.close());

  const usage = async () => (await usersRepo.getById(t.db, userId))!.usageCount;
  const counts = async () => (await t.sql('select (select count(*) from cards) cards, (select count(*) from sections) sections, (select count(*) from queries) queries'))[0];
  const result = async (query: string): Promise<SearchResult> => {
    const games = await loadGameIndex(t.db);
    return await runPlan(t.db, offlinePlan(query, games), games);
  };

  // SQLite only: asserts on the SQLite connection's own transaction state (PostgreSQL savepoints: postgres-services.test.ts).
  it.skipIf(testDialect() === 'postgres')('consumeSearch nested in an outer transaction is a savepoint: a throw after it rolls the increment back', async () => {
    await expect(
      withTransaction(t.db, async () => {
        expect((await consumeSearch(t.deps, userId)).usageCount).toBe(1);
        expect(t.db.$client.inTransaction).toBe(true);
        throw new Error('the board write failed');
      }),
    ).rejects.toThrow('the board write failed');
    expect(await usage()).toBe(0);

    await withTransaction(t.db, async () => void (await consumeSearch(t.deps, userId)));
    expect(await usage()).toBe(1);
  });

  it('writes cards, sections, the query and one count together', async () => {
    const { queryId } = await writeSearchResults(t.deps, { id: userId, planId: 1 }, { userId, boardId, query: 'gacha', provider: 'offline', result: await result('gacha') });
    expect(queryId).toBeGreaterThan(0);
    expect(await usage()).toBe(1);
    expect(await counts()).toMatchObject({ queries: 1 });
    expect((await counts() as { cards: number }).cards).toBe((await result('gacha')).resultCount);
  });

  it('a card that cannot be written (a feature id the catalogue lacks) rolls back the count and every row', async () => {
    const good = await result('gacha');
    const broken: SearchResult = {
      ...good,
      sections: [good.sections[0], { ...good.sections[1], features: [{ ...good.sections[1].features[0], id: 987_654 }] }],
    };
    // SQLite says "FOREIGN KEY constraint failed"; PostgreSQL's "violates foreign key constraint" is the cause of drizzle's query error.
    const failure = await writeSearchResults(t.deps, { id: userId, planId: 1 }, { userId, boardId, query: 'gacha', provider: 'offline', result: broken }).then(() => null, (err: Error) => err);
    expect(`${failure?.message} ${(failure?.cause as Error | undefined)?.message}`).toMatch(/FOREIGN KEY|foreign key constraint/);
    expect(await usage()).toBe(0);
    expect(await counts()).toEqual({ cards: 0, sections: 0, queries: 0 });
  });

  it('at the limit the write is refused before anything is written', async () => {
    await usersRepo.update(t.db, userId, { usageCount: 3 });
    await expect(writeSearchResults(t.deps, { id: userId, planId: 1 }, { userId, boardId, query: 'gacha', provider: 'offline', result: await result('gacha') })).rejects.toThrow(
      expect.objectContaining({ code: 'limit_reached', status: 403 }),
    );
    expect(await usage()).toBe(3);
    expect(await counts()).toEqual({ cards: 0, sections: 0, queries: 0 });
  });

  it("another user's board: 404 and the count rolled back", async () => {
    const stranger = (await t.signIn(undefined, { monthlyLimit: 3 })).user.id;
    await expect(writeSearchResults(t.deps, { id: stranger, planId: 1 }, { userId: stranger, boardId, query: 'gacha', provider: 'offline', result: await result('gacha') })).rejects.toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect((await usersRepo.getById(t.db, stranger))!.usageCount).toBe(0);
    expect(await counts()).toEqual({ cards: 0, sections: 0, queries: 0 });
  });
});
