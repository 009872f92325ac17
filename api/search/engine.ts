import type { Db } from '../db/client';
import { buildGameIndex, type GameIndex } from './game-names';
import { parseQuery, similarSeed } from './parse-query';
import type { SearchPlan } from './plan';
import { rankFeatures, type ScoredFeature } from './rank';
import { searchRepo, type FeatureForCard } from './search.repo';
import { groupByPlannedSections, groupIntoSections, pickResults } from './sections';

/**
 * The read half of a search: plan → ranked catalogue features → the board's sections with their features in
 * full. Reads only; the service writes the result (board-writer.ts) in one transaction with the usage count.
 */
export type ResultSection = { title: string; features: (FeatureForCard & { score: number })[] };
export type SearchResult = {
  sections: ResultSection[];
  resultCount: number;
  /** The picked features' ids best first (the board shows them grouped; quality is measured on this order). */
  rankedIds: number[];
};

const gameIndexCache = new WeakMap<Db, { fingerprint: string; index: GameIndex }>();

/**
 * The catalogue's games as the parser and ranker need them. Building the alias index costs milliseconds per
 * thousand games, so it is kept per database and rebuilt only when the games' fingerprint changes (a catalogue
 * load or import); checking the fingerprint is one aggregate query.
 */
export function loadGameIndex(db: Db): GameIndex {
  const fingerprint = searchRepo.gamesFingerprint(db);
  const cached = gameIndexCache.get(db);
  if (cached && cached.fingerprint === fingerprint) return cached.index;
  const index = buildGameIndex(searchRepo.games(db));
  gameIndexCache.set(db, { fingerprint, index });
  return index;
}

/** The offline planner: the query text read against the taxonomy and the catalogue's game names. */
export function offlinePlan(query: string, games: GameIndex): SearchPlan {
  const { matches: _matches, ...plan } = parseQuery(query, games);
  return plan;
}

/**
 * The catalogue features a query must not return: for a "find similar" text, the card it was started from (found
 * by its screen name and description; the board already has it).
 */
export function excludedFeatures(db: Db, query: string): ReadonlySet<number> {
  const seed = similarSeed(query);
  return new Set(seed ? searchRepo.idsByNameAndDescription(db, seed.title, seed.description) : []);
}

export function runPlan(db: Db, plan: SearchPlan, games: GameIndex, exclude: ReadonlySet<number> = new Set()): SearchResult {
  const picked = pickResults(rankFeatures(db, plan, games, exclude));
  const full = new Map(searchRepo.featuresForCards(db, picked.map((f) => f.id)).map((f) => [f.id, f]));
  const sections = plan.sections
    ? groupByPlannedSections(picked, plan, (id) => {
        const f = full.get(id);
        return f ? `${f.title} ${f.description}` : '';
      })
    : groupIntoSections(picked, plan);
  const withRows = sections.map((s) => ({
    title: s.title,
    features: s.features.flatMap((f: ScoredFeature) => {
      const row = full.get(f.id);
      return row ? [{ ...row, score: f.score }] : [];
    }),
  }));
  const nonEmpty = withRows.filter((s) => s.features.length > 0);
  return { sections: nonEmpty, resultCount: nonEmpty.reduce((n, s) => n + s.features.length, 0), rankedIds: picked.map((f) => f.id) };
}
