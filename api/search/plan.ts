import type { Tier } from '#shared/taxonomy';
import type { GenreRef, TagRef } from './vocabulary';

/**
 * What a query asks for, in catalogue terms: the one structure both planners produce (the offline parser and the
 * optional LLM) and the ranker consumes. Cards only ever come from ranking the catalogue against a plan, so a
 * planner can shape a board but never put anything on it that is not in the catalogue.
 */
export type SearchPlan = {
  /** Feature tags asked for; a null secondary means the whole category. */
  tags: TagRef[];
  genres: GenreRef[];
  tiers: Tier[];
  /** Catalogue game names (canonical spelling), asked for by name. */
  games: string[];
  /** Words for the full-text search (tag words included; game, genre and tier names are matched as filters). */
  keywords: string[];
  /** Multi-word phrases worth more when they appear verbatim ("starter pack", "royal pass"). */
  phrases: string[];
  /**
   * True when the genres only prefer, never constrain (a "find similar" text: "ideally (but not strictly
   * necessarily)"); otherwise a named genre, game or tier is a constraint.
   */
  softGenres?: boolean;
  /** Board sections proposed by the LLM planner; null = the engine groups the results itself. */
  sections: PlannedSection[] | null;
  /**
   * The query's words the offline planner read as a near taxonomy word or game name ("casnio" as "casino", "royl
   * match" as "Royal Match"), so the search panel can say so; absent when it read every word as typed.
   */
  readAs?: Respelling[];
};

/** Words of a query read as other words: typed (folded) → what they were read as. */
export type Respelling = { from: string; to: string };

export type PlannedSection = {
  title: string;
  tags: TagRef[];
  games: string[];
  genres: GenreRef[];
  keywords: string[];
};

export const emptyPlan = (): SearchPlan => ({
  tags: [],
  genres: [],
  tiers: [],
  games: [],
  keywords: [],
  phrases: [],
  sections: null,
});

/** True when the plan says what the features should be about (tags or words), not only where they come from. */
export function hasTopic(plan: Pick<SearchPlan, 'tags' | 'keywords'>): boolean {
  return plan.tags.length > 0 || plan.keywords.length > 0;
}

/** True when the plan asks for nothing at all: the ranker would have nothing to rank by. */
export function isEmptyPlan(plan: SearchPlan): boolean {
  return !hasTopic(plan) && plan.genres.length === 0 && plan.tiers.length === 0 && plan.games.length === 0;
}
