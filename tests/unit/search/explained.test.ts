import { describe, expect, it } from 'vitest';
import type { CardReason } from '#shared/schemas/card';
import { explainedOnly } from '../../../api/search/explained';
import { emptyPlan, type SearchPlan } from '../../../api/search/plan';
import type { ScoredFeature } from '../../../api/search/score';

/** The ordering stage's last filter: only cards that can say why they are on the board; no database. */
const feature = (id: number, tagFit = 0): ScoredFeature => ({
  id,
  gameId: 1,
  primaryTag: 'Meta',
  secondaryTag: 'Collections',
  title: `Screen ${id}`,
  game: { id: 1, name: 'Gem Saga', genre: 'Puzzle', subgenre: 'Match-3', tier: 'Casual', storeUrl: '', isTop: false },
  score: 1,
  topic: 1,
  tagFit,
  fittedTag: null,
  namedForQuery: false,
  text: 0.5,
  gameNamed: false,
  genreFit: 0,
  onTopic: 1,
  level: 0,
  inScope: false,
  exactTopic: true,
  titleMatch: false,
  speaksOfCategory: false,
});
const word = (value: string): CardReason => ({ kind: 'word', value, label: value });
const words = (plan: Partial<SearchPlan>) => ({ ...emptyPlan(), ...plan });
const noShares = { distinctive: new Set<string>(), naming: new Set<string>() };

describe('explainedOnly', () => {
  const ranked = [feature(1), feature(2), feature(3)];
  const titles = new Map([
    [1, 'Quartz Mine'],
    [2, 'Zebra Parade'],
    [3, 'Daily Quartz'],
  ]);

  it('drops a card without reasons or without its row, and keeps the order of the rest', () => {
    const plan = words({ tags: [{ primary: 'Meta', secondary: 'Collections' }], keywords: ['collections'] });
    const tag: CardReason = { kind: 'tag', value: 'Meta/Collections', label: 'Collections' };
    const reasons = new Map([
      [1, [tag]],
      [2, []],
      [3, [tag]],
    ]);
    expect(explainedOnly(ranked, plan, reasons, titles, noShares).map((f) => f.id)).toEqual([1, 3]);
    expect(explainedOnly(ranked, plan, reasons, new Map([[3, 'x']]), noShares).map((f) => f.id)).toEqual([3]);
  });

  it('a query of words: a common word alone keeps a card only when it covers every word of the query', () => {
    const plan = words({ keywords: ['quartz', 'zebra'] });
    const reasons = new Map([
      [1, [word('quartz')]],
      [2, [word('quartz'), word('zebra')]],
      [3, [word('quartz')]],
    ]);
    expect(explainedOnly(ranked, plan, reasons, titles, noShares).map((f) => f.id)).toEqual([2]);
    // A word few screens say is reason enough.
    const rare = { distinctive: new Set(['quartz']), naming: new Set<string>() };
    expect(explainedOnly(ranked, plan, reasons, titles, rare).map((f) => f.id)).toEqual([1, 2, 3]);
    // A word not that common keeps a screen named for it.
    const named = { distinctive: new Set<string>(), naming: new Set(['quartz']) };
    expect(
      explainedOnly(ranked, plan, reasons, new Map([...titles, [3, 'Daily Bonus']]), named).map((f) => f.id),
    ).toEqual([1, 2]);
  });

  it('a card whose tag fits what was asked needs no word', () => {
    const plan = words({ keywords: ['quartz', 'zebra'] });
    const reasons = new Map([[1, [word('quartz')]]]);
    expect(explainedOnly([feature(1, 0.7)], plan, reasons, titles, noShares).map((f) => f.id)).toEqual([1]);
  });
});
