import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../web/data/api-client';
import { QueryRefused, isLimitReachedError, queryFailureMessage } from '../../../web/data/search.queries';
import { flattenCollections, pickCollectionTiles } from '../../../web/logic/search/collection-tiles';
import { filterGames } from '../../../web/logic/search/game-filter';
import { CONFETTI_PIECES, confettiPieces, loadingDots } from '../../../web/logic/search/indicator-timeline';
import {
  hasPendingQuery,
  isLandingTitle,
  pendingTarget,
  savePendingQuery,
  takePendingQuery,
} from '../../../web/logic/search/pending-query';
import {
  newCardIds,
  nextResetDateIso,
  queryToSend,
  shouldAskUsageReset,
  usageVerdict,
} from '../../../web/logic/search/submit-rules';
import { SAMPLE_QUERIES, sampleSuggestions } from '../../../web/logic/search/suggestions';
import { MemoryStorage } from './memory-storage';
import { seededRandom as seeded } from '#shared/seeded-random';

describe('suggestions (spec accounts §2, §9: 5 of about 44)', () => {
  it('has at least 44 distinct, non-empty sample queries', () => {
    expect(SAMPLE_QUERIES.length).toBeGreaterThanOrEqual(44);
    expect(new Set(SAMPLE_QUERIES.map((q) => q.toLowerCase())).size).toBe(SAMPLE_QUERIES.length);
    for (const q of SAMPLE_QUERIES) expect(q.trim()).toBe(q);
  });
  it('draws 5 distinct queries from the pool', () => {
    for (let seed = 1; seed < 50; seed++) {
      const picked = sampleSuggestions(seeded(seed));
      expect(picked).toHaveLength(5);
      expect(new Set(picked).size).toBe(5);
      for (const q of picked) expect(SAMPLE_QUERIES).toContain(q);
    }
  });
  it('reaches every query over many draws (not a fixed five)', () => {
    const seen = new Set<string>();
    const random = seeded(7);
    for (let i = 0; i < 400; i++) sampleSuggestions(random).forEach((q) => seen.add(q));
    expect(seen.size).toBe(SAMPLE_QUERIES.length);
  });
  it('asks for fewer when the pool is small', () =>
    expect(sampleSuggestions(seeded(1), 5, ['a', 'b'])).toHaveLength(2));
});

describe('collection tiles (spec accounts §2, §9: 2 free + 1 pro at random)', () => {
  const make = (id: number, type: 'free' | 'pro') => ({ id, type, name: `C${id}` });
  const grouped = {
    puzzle: [make(1, 'free'), make(2, 'pro'), make(3, 'free')],
    monetization: [make(4, 'free'), make(5, 'pro'), make(1, 'free')],
  };
  it('flattens the grouped answer', () => {
    expect(flattenCollections(grouped).map((c) => c.id)).toEqual([1, 2, 3, 4, 5, 1]);
    expect(flattenCollections(null)).toEqual([]);
  });
  it('picks two distinct free tiles then one pro', () => {
    for (let seed = 1; seed < 40; seed++) {
      const tiles = pickCollectionTiles(flattenCollections(grouped), seeded(seed));
      expect(tiles.map((t) => t.type)).toEqual(['free', 'free', 'pro']);
      expect(new Set(tiles.map((t) => t.id)).size).toBe(3);
    }
  });
  it('varies the pick', () => {
    const seen = new Set<number>();
    const random = seeded(3);
    for (let i = 0; i < 60; i++)
      pickCollectionTiles(flattenCollections(grouped), random).forEach((t) => seen.add(t.id));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
  });
  it('shows fewer tiles when a type is missing', () => {
    expect(pickCollectionTiles([make(1, 'free')], seeded(1)).map((t) => t.id)).toEqual([1]);
    expect(pickCollectionTiles([make(9, 'pro'), make(8, 'pro')], seeded(1))).toHaveLength(1);
    expect(pickCollectionTiles([], seeded(1))).toEqual([]);
  });
});

describe('game quick-search (spec accounts §5)', () => {
  const games = ['Royal Match', 'Candy Crush Saga', 'royal match', 'Township', 'Match Masters'];
  it('filters case-insensitively by substring on the trimmed text, without duplicates', () => {
    expect(filterGames(games, '  MATCH ')).toEqual(['Royal Match', 'Match Masters']);
    expect(filterGames(games, '')).toEqual(['Royal Match', 'Candy Crush Saga', 'Township', 'Match Masters']);
    expect(filterGames(games, 'zzz')).toEqual([]);
  });
  it('caps the list', () => expect(filterGames(['a1', 'a2', 'a3'], 'a', 2)).toEqual(['a1', 'a2']));
});

describe('loot indicator timeline (spec accounts §4)', () => {
  it('cycles the dots', () => {
    expect([0, 1, 2, 3, 4, 5].map(loadingDots)).toEqual(['', '.', '..', '...', '', '.']);
  });
  it('makes 16 confetti pieces spread across the width', () => {
    const pieces = confettiPieces(seeded(2));
    expect(pieces).toHaveLength(CONFETTI_PIECES);
    expect(CONFETTI_PIECES).toBe(16);
    const lefts = pieces.map((p) => p.left);
    expect(Math.min(...lefts)).toBeGreaterThan(0);
    expect(Math.max(...lefts)).toBeLessThan(100);
    expect(new Set(lefts).size).toBe(16);
  });
});

describe('pending query across sign-in (spec accounts §3, §6)', () => {
  it('keeps the query and the board title under the spec keys, and hands them out once', () => {
    const storage = new MemoryStorage();
    expect(hasPendingQuery(storage)).toBe(false);
    savePendingQuery({ query: 'Starter Pack in Match-3', boardTitle: 'Untitled 2' }, storage);
    expect(storage.getItem('pendingQuery')).toBe('Starter Pack in Match-3');
    expect(storage.getItem('pendingBoardTitle')).toBe('Untitled 2');
    expect(hasPendingQuery(storage)).toBe(true);
    expect(takePendingQuery(storage)).toEqual({ query: 'Starter Pack in Match-3', boardTitle: 'Untitled 2' });
    expect(takePendingQuery(storage)).toBeNull();
    expect(storage.length).toBe(0);
  });
  it('ignores a blank pending query and defaults the title', () => {
    const storage = new MemoryStorage();
    storage.setItem('pendingQuery', '   ');
    expect(hasPendingQuery(storage)).toBe(false);
    expect(takePendingQuery(storage)).toBeNull();
    storage.setItem('pendingQuery', 'gacha');
    expect(takePendingQuery(storage)).toEqual({ query: 'gacha', boardTitle: 'Untitled' });
  });
  it('runs on the current board while it is empty, else on a new board', () => {
    expect(pendingTarget(false, 'Untitled')).toEqual({ kind: 'current' });
    expect(pendingTarget(true, 'Untitled 3')).toEqual({ kind: 'new', title: '' });
    expect(pendingTarget(true, 'Shop ideas')).toEqual({ kind: 'new', title: 'Shop ideas' });
  });
  it("shows the landing search on titles beginning 'Untitled'", () => {
    expect(isLandingTitle('Untitled')).toBe(true);
    expect(isLandingTitle('Untitled 12')).toBe(true);
    expect(isLandingTitle(null)).toBe(true);
    expect(isLandingTitle('Similar to: Royal Pass...')).toBe(false);
    expect(isLandingTitle('My Untitled board')).toBe(false);
  });
});

describe('submit rules (spec accounts §4, §5)', () => {
  it('sends only a query that is non-empty after trimming', () => {
    expect(queryToSend('  ')).toBeNull();
    expect(queryToSend('')).toBeNull();
    expect(queryToSend('  gacha  ')).toBe('gacha');
  });
  it('blocks at or above the limit, 1 when missing, never at -1', () => {
    expect(usageVerdict({ usage_count: 4, monthly_limit: 5 })).toBe('allowed');
    expect(usageVerdict({ usage_count: 5, monthly_limit: 5 })).toBe('limit');
    expect(usageVerdict({ usage_count: 1, monthly_limit: null })).toBe('limit');
    expect(usageVerdict({ usage_count: 0, monthly_limit: null })).toBe('allowed');
    expect(usageVerdict({ usage_count: 999, monthly_limit: -1 })).toBe('allowed');
  });
  it('asks about the reset only when a reset date exists', () => {
    expect(shouldAskUsageReset({ usage_reset_date: '2026-01-01T00:00:00.000Z' })).toBe(true);
    expect(shouldAskUsageReset({ usage_reset_date: null })).toBe(false);
    expect(shouldAskUsageReset({})).toBe(false);
  });
  it('proposes a reset date one calendar month later, the day clamped', () => {
    expect(nextResetDateIso(new Date('2026-03-15T10:00:00.000Z'))).toBe('2026-04-15T10:00:00.000Z');
    expect(nextResetDateIso(new Date('2026-01-31T00:00:00.000Z'))).toBe('2026-02-28T00:00:00.000Z');
    expect(nextResetDateIso(new Date('2026-12-20T00:00:00.000Z'))).toBe('2027-01-20T00:00:00.000Z');
  });
  it('finds the cards a query added', () => {
    expect(newCardIds([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 1 }, { id: 7 }, { id: 9 }])).toEqual([7, 9]);
    expect(newCardIds([], [{ id: 3 }])).toEqual([3]);
  });
});

describe('query failures (spec accounts §8)', () => {
  it('shows the server message, else the spec fallback', () => {
    const withMessage = new ApiError(
      400,
      JSON.stringify({ error: { code: 'bad_request', message: 'Query is too long' } }),
    );
    expect(queryFailureMessage(withMessage)).toBe('Query is too long');
    expect(queryFailureMessage(new ApiError(500, 'Internal Server Error'))).toBe('An unexpected error occurred.');
    expect(queryFailureMessage(new QueryRefused('No features matched'))).toBe('No features matched');
    expect(queryFailureMessage(new QueryRefused(null))).toBe('An unexpected error occurred.');
    expect(queryFailureMessage(new TypeError('Failed to fetch'))).toBe(
      'An error occurred while processing your request.',
    );
  });
  it("recognises the server's limit refusal", () => {
    expect(
      isLimitReachedError(new ApiError(403, JSON.stringify({ error: { code: 'limit_reached', message: 'x' } }))),
    ).toBe(true);
    expect(isLimitReachedError(new ApiError(403, JSON.stringify({ error: { code: 'forbidden', message: 'x' } })))).toBe(
      false,
    );
    expect(
      isLimitReachedError(new ApiError(429, JSON.stringify({ error: { code: 'limit_reached', message: 'x' } }))),
    ).toBe(false);
    expect(isLimitReachedError(new Error('limit_reached'))).toBe(false);
  });
});
