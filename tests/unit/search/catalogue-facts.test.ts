import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../api/db/client';
import type { FeatureFacts } from '../../../api/db/repositories/search.repo';
import { candidatesOf, indexFacts, loadCatalogueFacts } from '../../../api/search/catalogue-facts';
import { openFixtureDb, type FixtureDb } from './fixture';

const fact = (id: number, gameId: number, primaryTag: string, secondaryTag: string): FeatureFacts => ({
  id,
  gameId,
  primaryTag,
  secondaryTag,
  title: `Screen ${id}`,
});
const facts = indexFacts([
  fact(1, 10, 'Monetization', 'Starter Pack'),
  fact(2, 10, 'Monetization', 'Offers'),
  fact(3, 11, 'Monetization', 'Starter Pack'),
  fact(4, 11, 'LiveOps', 'Events'),
  fact(5, 12, 'LiveOps', 'Tournaments'),
  fact(6, 12, 'Meta', 'Collections'),
]);
const none = { tagPairs: [], categories: [], gameIds: [], ids: [] };
const ids = (found: FeatureFacts[]) => found.map((f) => f.id).sort((a, b) => a - b);

describe('candidatesOf: the features a candidate filter reaches', () => {
  it('matches any part: a tag pair, a category, a game, an id; each feature once', () => {
    expect(ids(candidatesOf(facts, { ...none, tagPairs: [['Monetization', 'Starter Pack']] }))).toEqual([1, 3]);
    expect(ids(candidatesOf(facts, { ...none, categories: ['LiveOps'] }))).toEqual([4, 5]);
    expect(ids(candidatesOf(facts, { ...none, gameIds: [12] }))).toEqual([5, 6]);
    expect(ids(candidatesOf(facts, { ...none, ids: [2, 99] }))).toEqual([2]);
    expect(
      ids(
        candidatesOf(facts, {
          tagPairs: [['Monetization', 'Starter Pack']],
          categories: ['Monetization'],
          gameIds: [10, 10],
          ids: [1, 3],
        }),
      ),
    ).toEqual([1, 2, 3]);
    // A pair of tags is matched as a pair, never as either tag alone.
    expect(candidatesOf(facts, { ...none, tagPairs: [['Monetization', 'Events']] })).toEqual([]);
    expect(candidatesOf(facts, none)).toEqual([]);
  });

  it("a scope: the categories' features of its games only, and nothing when either side is empty", () => {
    const scoped = (categories: string[], gameIds: number[]) =>
      ids(candidatesOf(facts, { ...none, scoped: { categories, gameIds } }));
    expect(scoped(['LiveOps'], [11, 12])).toEqual([4, 5]);
    expect(scoped(['LiveOps', 'Meta'], [12])).toEqual([5, 6]);
    expect(scoped(['LiveOps'], [])).toEqual([]);
    expect(scoped([], [11])).toEqual([]);
  });
});

describe('the catalogue facts follow the features, whoever writes them', () => {
  let fixture: FixtureDb | undefined;
  afterEach(() => fixture?.close());

  it('are reused while the features are unchanged and read again after a change from another connection', async () => {
    fixture = await openFixtureDb();
    const first = await loadCatalogueFacts(fixture.db);
    expect(await loadCatalogueFacts(fixture.db)).toBe(first);
    const count = (fixture.db.$client.prepare('select count(*) n from features').get() as { n: number }).n;
    expect(first.byId.size).toBe(count);
    // Writes to other tables leave them.
    fixture.db.$client.prepare("update games set store_url = store_url || '?' where id = 1").run();
    expect(await loadCatalogueFacts(fixture.db)).toBe(first);

    const other = openDatabase(path.resolve(fixture.db.$client.name));
    try {
      const [id, gameId] = other.$client.prepare('select id, game_id from features limit 1').raw(true).get() as [
        number,
        number,
      ];
      other.$client
        .prepare("update features set primary_tag = 'Meta', secondary_tag = 'Collections' where id = ?")
        .run(id);
      const retagged = await loadCatalogueFacts(fixture.db);
      expect(retagged).not.toBe(first);
      expect(retagged.byId.get(id)).toMatchObject({ primaryTag: 'Meta', secondaryTag: 'Collections', gameId });
      expect(ids(candidatesOf(retagged, { ...none, tagPairs: [['Meta', 'Collections']] }))).toContain(id);

      other.$client.prepare('delete from features where id = ?').run(id);
      const deleted = await loadCatalogueFacts(fixture.db);
      expect(deleted.byId.has(id)).toBe(false);
      expect(ids(candidatesOf(deleted, { ...none, gameIds: [gameId] }))).not.toContain(id);
    } finally {
      other.$client.close();
    }
  });
});
