import type { Db } from '../db/client';
import { searchRepo, type FeatureFacts } from '../db/repositories/search.repo';
import type { CandidateFilter } from './candidates';

/**
 * What ranking reads of every catalogue feature (its tags, game and screen name), kept in memory per database
 * connection and features version, and the candidates a filter (candidates.ts) reaches, looked up in it.
 *
 * A search reaches thousands of candidates on a large catalogue (a whole category asked at 100,000 features is
 * 10,000-20,000 of them). Read per search they were a large part of its time on PostgreSQL: the database reading
 * them, and this process decoding each row it sent. Kept here, a search reads one row (the version) for them. The
 * rows are the catalogue's alone (no user's data), about 280 bytes a feature in memory (26 MB and a 0.6 s read at
 * 100,000 features on PostgreSQL), read again in full only
 * when the catalogue changes, like the catalogue's words (engine.ts loadCatalogueWords).
 */
export type CatalogueFacts = {
  byId: ReadonlyMap<number, FeatureFacts>;
  byTagPair: ReadonlyMap<string, readonly FeatureFacts[]>;
  byCategory: ReadonlyMap<string, readonly FeatureFacts[]>;
  byGame: ReadonlyMap<number, readonly FeatureFacts[]>;
};

const pairKey = (primary: string, secondary: string) => `${primary}\u0000${secondary}`;

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function indexFacts(facts: readonly FeatureFacts[]): CatalogueFacts {
  const byId = new Map<number, FeatureFacts>();
  const byTagPair = new Map<string, FeatureFacts[]>();
  const byCategory = new Map<string, FeatureFacts[]>();
  const byGame = new Map<number, FeatureFacts[]>();
  for (const f of facts) {
    byId.set(f.id, f);
    push(byTagPair, pairKey(f.primaryTag, f.secondaryTag), f);
    push(byCategory, f.primaryTag, f);
    push(byGame, f.gameId, f);
  }
  return { byId, byTagPair, byCategory, byGame };
}

/** The features that match any part of the filter: a tag pair, a category, a game, an id, the scope's categories. */
export function candidatesOf(facts: CatalogueFacts, filter: CandidateFilter): FeatureFacts[] {
  const found = new Map<number, FeatureFacts>();
  const add = (list: readonly FeatureFacts[] | undefined, keep: (f: FeatureFacts) => boolean = () => true) => {
    for (const f of list ?? []) if (keep(f)) found.set(f.id, f);
  };
  for (const [primary, secondary] of filter.tagPairs) add(facts.byTagPair.get(pairKey(primary, secondary)));
  for (const category of new Set(filter.categories)) add(facts.byCategory.get(category));
  for (const gameId of new Set(filter.gameIds)) add(facts.byGame.get(gameId));
  for (const id of filter.ids) {
    const f = facts.byId.get(id);
    if (f) found.set(id, f);
  }
  const scoped = filter.scoped;
  if (scoped?.categories.length && scoped.gameIds.length) {
    const categories = new Set(scoped.categories);
    for (const gameId of new Set(scoped.gameIds)) add(facts.byGame.get(gameId), (f) => categories.has(f.primaryTag));
  }
  return [...found.values()];
}

const factsCache = new WeakMap<Db, { version: number; facts: Promise<CatalogueFacts> }>();

/**
 * The catalogue's facts at the features' current version: one row read when they are kept; otherwise the features
 * read with the version they are at, in one snapshot (queries that need them meanwhile wait for the one read), and
 * kept under that version. A failed read is not kept.
 */
export async function loadCatalogueFacts(db: Db): Promise<CatalogueFacts> {
  const version = await searchRepo.featuresVersion(db);
  const cached = factsCache.get(db);
  if (cached && cached.version === version) return cached.facts;
  const read = searchRepo.featureFactsAtVersion(db);
  const facts = read.then(({ facts }) => indexFacts(facts));
  factsCache.set(db, { version, facts });
  // Kept under the version they were read at, which a change between the two reads made newer.
  void read.then(
    ({ version: readAt }) => {
      if (factsCache.get(db)?.facts === facts) factsCache.set(db, { version: readAt, facts });
    },
    () => undefined,
  );
  facts.catch(() => {
    if (factsCache.get(db)?.facts === facts) factsCache.delete(db);
  });
  return facts;
}
