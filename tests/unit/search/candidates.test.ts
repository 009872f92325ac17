import { describe, expect, it } from 'vitest';
import type { GameInfo } from '../../../api/db/repositories/search.repo';
import { candidatePool } from '../../../api/search/candidates';
import { buildGameIndex } from '../../../api/search/game-names';
import { emptyPlan, type SearchPlan } from '../../../api/search/plan';

/** The candidates stage: which features a plan can reach, as the repository's filters; no database. */
const game = (id: number, name: string, genre: string, subgenre: string, tier = 'Casual'): GameInfo => ({
  id,
  name,
  genre,
  subgenre,
  tier,
  storeUrl: '',
  isTop: false,
});
const games = buildGameIndex([
  game(1, 'Gem Saga', 'Puzzle', 'Match-3'),
  game(2, 'Jewel Royale', 'Puzzle', 'Match-3'),
  game(3, 'Cube Pop', 'Puzzle', 'Match-2'),
  game(4, 'Merge Manor', 'Puzzle', 'Merge'),
  game(5, 'Castle Siege', 'Strategy', 'Base Builder', 'Midcore'),
]);
const plan = (parts: Partial<SearchPlan>): SearchPlan => ({ ...emptyPlan(), ...parts });

describe('candidatePool', () => {
  it('a sub-tag: its features, its neighbours, and its whole category only as the fallback', () => {
    const pool = candidatePool(plan({ tags: [{ primary: 'Monetization', secondary: 'Starter Pack' }] }), games);
    expect(pool.close([7, 9])).toEqual({
      tagPairs: [['Monetization', 'Starter Pack']],
      categories: [],
      gameIds: [],
      ids: [7, 9],
      scoped: { categories: ['Monetization'], gameIds: [] },
    });
    expect(pool.related?.tagPairs).toEqual([
      ['Monetization', 'Offers'],
      ['Monetization', 'Bundles'],
    ]);
    expect(pool.fallback).toEqual({ tagPairs: [], categories: ['Monetization'], gameIds: [], ids: [] });
  });

  it("a topic in a named sub-genre: the scope's games are read for the topic's siblings", () => {
    const pool = candidatePool(
      plan({
        tags: [{ primary: 'LiveOps', secondary: 'Competitions' }],
        genres: [{ genre: 'Puzzle', subgenre: 'Match-3' }],
      }),
      games,
    );
    expect(pool.close([]).scoped).toEqual({ categories: ['LiveOps'], gameIds: [1, 2] });
    // With a topic, the genre is a constraint on the topic's features, not a source of its own.
    expect(pool.close([]).gameIds).toEqual([]);
  });

  it("a sub-genre alone: its games and near sub-genres are candidates, the genre's others only the fallback", () => {
    const pool = candidatePool(plan({ genres: [{ genre: 'Puzzle', subgenre: 'Match-3' }] }), games);
    expect(pool.close([]).gameIds).toEqual([1, 2, 3]);
    expect(pool.fallback).toEqual({ tagPairs: [], categories: [], gameIds: [4], ids: [] });
    expect(pool.related).toBeNull();
  });

  it('a game named alone: its screens, then games like it; its sub-genre is what they look alike by', () => {
    const pool = candidatePool(plan({ games: ['Gem Saga'] }), games);
    expect(pool.close([]).gameIds).toEqual([1, 2, 3, 4]);
    expect(pool.lookalikes).toEqual([{ genre: 'Puzzle', subgenre: 'Match-3' }]);
    expect(pool.namedGenres).toEqual([{ genre: 'Puzzle', subgenre: 'Match-3' }]);
    expect(pool.fallback).toBeNull();
  });
});
