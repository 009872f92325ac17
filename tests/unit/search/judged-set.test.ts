import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCatalogueDir } from '../../../api/catalogue/catalogue-files';
import { namedScope, regrade } from '../../search/regrade-by-scope';
import {
  cappedPrecisionAtK,
  inScope,
  judgmentKey,
  ndcgAtK,
  percentile,
  precisionAtK,
  type JudgedSet,
} from '../../bench/search-metrics';

const judged = JSON.parse(fs.readFileSync(new URL('../../search/judged.json', import.meta.url), 'utf8')) as JudgedSet;
const holdout = JSON.parse(
  fs.readFileSync(new URL('../../search/judged-holdout.json', import.meta.url), 'utf8'),
) as JudgedSet;
const tuning = JSON.parse(fs.readFileSync(new URL('../../search/tuning.json', import.meta.url), 'utf8')) as JudgedSet;

describe('the judged query set (tests/search/judged.json)', () => {
  it('has at least 150 distinct queries, each judging features that exist in the demo catalogue, graded 1 or 2', () => {
    // At least 150, a few of them judged to match nothing at all (an empty relevant set).
    expect(judged.queries.length).toBeGreaterThanOrEqual(150);
    const empty = judged.queries.filter((q) => q.relevant.length === 0);
    expect(empty.length).toBeGreaterThanOrEqual(3);
    expect(empty.length).toBeLessThan(judged.queries.length / 10);
    expect(new Set(judged.queries.map((q) => q.query)).size).toBe(judged.queries.length);
    const catalogue = new Set(readCatalogueDir().data.features.map((f) => judgmentKey(f.game, f.feature_screen_name)));
    for (const q of judged.queries) {
      // Empty either because nothing in the catalogue matches or because the named scope has no match of its own.
      if (q.relevant.length === 0 && !q.elsewhere?.length) expect(q.note, q.query).toMatch(/^Nothing in the catalogue/);
      const keys = q.relevant.map((r) => judgmentKey(r.game, r.feature));
      expect(new Set(keys).size, q.query).toBe(keys.length);
      for (const r of q.relevant) {
        expect(catalogue.has(judgmentKey(r.game, r.feature)), `${q.query}: ${r.game} / ${r.feature}`).toBe(true);
        expect([1, 2]).toContain(r.grade);
      }
    }
  });
});

describe('the held-out judged queries (tests/search/judged-holdout.json)', () => {
  it('are 20 or more queries not in judged.json, judging features that exist, graded 1 or 2', () => {
    expect(holdout.queries.length).toBeGreaterThanOrEqual(20);
    const tuned = new Set(judged.queries.map((q) => q.query.toLowerCase()));
    expect(holdout.queries.filter((q) => tuned.has(q.query.toLowerCase()))).toEqual([]);
    expect(new Set(holdout.queries.map((q) => q.query)).size).toBe(holdout.queries.length);
    const catalogue = new Set(readCatalogueDir().data.features.map((f) => judgmentKey(f.game, f.feature_screen_name)));
    for (const q of holdout.queries) {
      for (const r of q.relevant) {
        expect(catalogue.has(judgmentKey(r.game, r.feature)), `${q.query}: ${r.game} / ${r.feature}`).toBe(true);
        expect([1, 2]).toContain(r.grade);
      }
    }
  });
});

describe('the scope contract in the judged sets', () => {
  const sets = { judged, holdout, tuning };
  const games = new Map(readCatalogueDir().data.games.map((g) => [g.name, g]));

  it('grades every feature outside the genre, sub-genre or game a query names 0: none is among its relevant ones', () => {
    for (const [name, set] of Object.entries(sets)) {
      const scoped = set.queries.filter((q) => q.scope);
      expect(scoped.length, name).toBeGreaterThan(5);
      for (const q of scoped)
        for (const r of q.relevant) expect(inScope(q.scope!, games.get(r.game)!), `${q.query}: ${r.game}`).toBe(true);
      // Applying the rule again changes nothing: the sets are re-graded as the script grades them.
      expect(regrade(set).set).toEqual(set);
    }
  });

  it('reads the scope from the query words alone: names, plurals, short names and slips of a game name', () => {
    expect(namedScope('tournaments in match-3')).toEqual({ subgenre: 'Match-3' });
    expect(namedScope('hard levels in match 3')).toEqual({ subgenre: 'Match-3' });
    expect(namedScope('social casino games')).toEqual({ subgenre: 'Social Casino' });
    expect(namedScope('cutscenes in rpgs')).toEqual({ genre: 'RPG' });
    expect(namedScope('royl match')).toEqual({ game: 'Royal Match' });
    expect(namedScope('pokémon go raids')).toEqual({ game: 'Pokémon GO' });
    // A tier is not a scope of the contract.
    expect(namedScope('rewarded ads in hyper casual')).toBeNull();
    expect(namedScope('leaderboards')).toBeNull();
  });
});

describe('ranking measures', () => {
  const grades = new Map([
    ['a', 2],
    ['b', 1],
    ['c', 2],
  ]);

  it('precision@k counts relevant results in the first k, over k; the capped form divides by min(k, relevant)', () => {
    expect(precisionAtK(['a', 'x', 'b', 'y'], grades, 4)).toBe(0.5);
    expect(precisionAtK(['a', 'b', 'c'], grades, 10)).toBe(0.3);
    expect(cappedPrecisionAtK(['a', 'b', 'c'], grades, 10)).toBe(1);
    expect(cappedPrecisionAtK(['x', 'a'], grades, 10)).toBeCloseTo(1 / 3);
  });

  it('nDCG@k is 1 for the ideal order and less for a worse one', () => {
    expect(ndcgAtK(['a', 'c', 'b'], grades)).toBeCloseTo(1);
    const ideal = 3 + 3 / Math.log2(3) + 1 / Math.log2(4);
    expect(ndcgAtK(['b', 'a', 'c'], grades)).toBeCloseTo((1 + 3 / Math.log2(3) + 3 / Math.log2(4)) / ideal);
    expect(ndcgAtK(['x'], grades)).toBe(0);
  });

  it('percentile is nearest-rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(values, 50), percentile(values, 95), percentile(values, 100)]).toEqual([50, 95, 100]);
  });
});
