import { withTransaction } from '../../api/db/transaction';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boardsRepo } from '../../api/db/repositories/boards.repo';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { writeSearchResults } from '../../api/search/place-results';
import { loadGameIndex, offlinePlan } from '../../api/search/engine';
import { runPlan, type SearchResult } from '../../api/search/pipeline';
import { consumeSearch } from '../../api/services/usage.service';
import { LOCKED_SECTION_SIZE } from '#shared/layout';
import { createTestApp, testDialect, type TestApp } from '../helpers/test-app';

/**
 * Usage and the board write are one unit: consumeSearch (its own IMMEDIATE transaction) nests inside the search's
 * write transaction as a savepoint, so whatever fails after the count rolls the count back too.
 */

describe('the search write transaction', () => {
  let t: TestApp;
  let userId: number;
  let boardId: number;
  beforeEach(async () => {
    t = await createTestApp({ catalogue: 'demo' });
    userId = (await t.signIn(undefined, { monthlyLimit: 3, usageCount: 0 })).user.id;
    const now = t.deps.clock.now();
    boardId = (
      await boardsRepo.create(t.db, userId, { title: 'Untitled', slug: 'untitled', createdAt: now, updatedAt: now })
    ).id;
  });
  afterEach(() => t.close());

  const usage = async () => (await usersRepo.getById(t.db, userId))!.usageCount;
  const counts = async () =>
    (
      await t.sql(
        'select (select count(*) from cards) cards, (select count(*) from sections) sections, (select count(*) from queries) queries',
      )
    )[0];
  const result = async (query: string): Promise<SearchResult> => {
    const games = await loadGameIndex(t.db);
    return await runPlan(t.db, await offlinePlan(t.db, query, games), games);
  };

  // SQLite only: asserts on the SQLite connection's own transaction state (PostgreSQL savepoints: postgres-services.test.ts).
  it.skipIf(testDialect() === 'postgres')(
    'consumeSearch nested in an outer transaction is a savepoint: a throw after it rolls the increment back',
    async () => {
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
    },
  );

  it('writes cards, sections, the query and one count together', async () => {
    const { queryId } = await writeSearchResults(
      t.deps,
      { id: userId, planId: 1 },
      { userId, boardId, query: 'gacha', provider: 'offline', result: await result('gacha') },
    );
    expect(queryId).toBeGreaterThan(0);
    expect(await usage()).toBe(1);
    expect(await counts()).toMatchObject({ queries: 1 });
    expect(((await counts()) as { cards: number }).cards).toBe((await result('gacha')).resultCount);
  });

  it("a free owner's query lays the new open sections out first; locked ones come after, at their placeholder's size", async () => {
    const found = await result('gacha');
    const { change } = await writeSearchResults(
      t.deps,
      { id: userId, planId: 1 },
      { userId, boardId, query: 'gacha', provider: 'offline', result: found },
    );
    const sections = await t.sql<{
      id: number;
      x: number;
      y: number;
      width: number;
      height: number;
      locked: number | null;
    }>('select id, x, y, width, height, locked from sections order by id');
    const cards = await t.sql<{ id: number; section_id: number; x: number; y: number }>(
      'select id, section_id, x, y from cards',
    );
    expect(sections).toHaveLength(found.sections.length);
    const open = sections.filter((s) => s.locked !== 1);
    const locked = sections.filter((s) => s.locked === 1);
    expect(open.length).toBeGreaterThan(0);
    expect(locked.length).toBeGreaterThan(0);
    // Reading order (rows top to bottom, left to right): every open section before every locked one.
    const order = [...sections].sort((a, b) => a.y - b.y || a.x - b.x);
    expect(order.slice(0, open.length).every((s) => s.locked !== 1)).toBe(true);
    for (const s of locked) expect({ width: s.width, height: s.height }).toEqual(LOCKED_SECTION_SIZE);
    // Every card, hidden or not, lies inside its section; the answer carries only what the owner sees.
    for (const card of cards) {
      const s = sections.find((x) => x.id === card.section_id)!;
      expect(card.x).toBeGreaterThanOrEqual(s.x);
      expect(card.y).toBeGreaterThanOrEqual(s.y);
    }
    const lockedIds = new Set(locked.map((s) => s.id));
    const shownCards = cards
      .filter((c) => !lockedIds.has(c.section_id))
      .map((c) => c.id)
      .sort((a, b) => a - b);
    expect(change.cards.map((row) => row[0]).sort((a, b) => a - b)).toEqual(shownCards);
    expect(change.sections.map((s) => s.id).sort((a, b) => a - b)).toEqual(sections.map((s) => s.id));
  });

  it('a card that cannot be written (a feature id the catalogue lacks) rolls back the count and every row', async () => {
    const good = await result('gacha');
    const broken: SearchResult = {
      ...good,
      sections: [
        good.sections[0],
        { ...good.sections[1], features: [{ ...good.sections[1].features[0], id: 987_654 }] },
      ],
    };
    // SQLite says "FOREIGN KEY constraint failed"; PostgreSQL's "violates foreign key constraint" is the cause of drizzle's query error.
    const failure = await writeSearchResults(
      t.deps,
      { id: userId, planId: 1 },
      { userId, boardId, query: 'gacha', provider: 'offline', result: broken },
    ).then(
      () => null,
      (err: Error) => err,
    );
    expect(`${failure?.message} ${(failure?.cause as Error | undefined)?.message}`).toMatch(
      /FOREIGN KEY|foreign key constraint/,
    );
    expect(await usage()).toBe(0);
    expect(await counts()).toEqual({ cards: 0, sections: 0, queries: 0 });
  });

  it('at the limit the write is refused before anything is written', async () => {
    await usersRepo.update(t.db, userId, { usageCount: 3 });
    await expect(
      writeSearchResults(
        t.deps,
        { id: userId, planId: 1 },
        { userId, boardId, query: 'gacha', provider: 'offline', result: await result('gacha') },
      ),
    ).rejects.toThrow(expect.objectContaining({ code: 'limit_reached', status: 403 }));
    expect(await usage()).toBe(3);
    expect(await counts()).toEqual({ cards: 0, sections: 0, queries: 0 });
  });

  it("another user's board: 404 and the count rolled back", async () => {
    const stranger = (await t.signIn(undefined, { monthlyLimit: 3 })).user.id;
    await expect(
      writeSearchResults(
        t.deps,
        { id: stranger, planId: 1 },
        { userId: stranger, boardId, query: 'gacha', provider: 'offline', result: await result('gacha') },
      ),
    ).rejects.toThrow(expect.objectContaining({ status: 404 }));
    expect((await usersRepo.getById(t.db, stranger))!.usageCount).toBe(0);
    expect(await counts()).toEqual({ cards: 0, sections: 0, queries: 0 });
  });
});
