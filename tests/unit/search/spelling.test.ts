import { describe, expect, it } from 'vitest';
import { emptyPlan } from '../../../api/search/plan';
import { catalogueWords, closestWord, respellPlan } from '../../../api/search/spelling';

/** A free word no feature says is read as the catalogue's closest word, when one is close enough. */
describe('spelling a query word against the catalogue', () => {
  const words = catalogueWords([
    'Gunsmith: build a weapon loadout',
    'Loadouts for every mode',
    'Loading screen tips',
    'A leaderboard of loaders',
    'Candle shop',
    'Piggy bank that fills with coins',
  ]);

  it('counts each word once per feature, as the parser reads words (folded, singular)', () => {
    expect(words.counts.get('loadout')).toBe(2);
    expect(words.counts.get('coin')).toBe(1);
    expect(words.counts.has('a')).toBe(false);
  });

  it('reads a typo as the word within its allowance', () => {
    expect(closestWord('loadot', words)).toBe('loadout');
    expect(closestWord('leaderbaord', words)).toBe('leaderboard');
  });

  it('prefers fewer edits, then the word more features say', () => {
    // "loadin" is one edit from "loading" and two from "loadout"; "loadou" one from "loadout" only.
    expect(closestWord('loadin', words)).toBe('loading');
    const tied = catalogueWords(['a spinner', 'a spinner', 'a spider']);
    // "spiner" is one edit from both; "spinner" is said by two features.
    expect(closestWord('spiner', tied)).toBe('spinner');
  });

  it('leaves a known word, a short word, a far word and a different first letter alone', () => {
    expect(closestWord('loadout', words)).toBeNull();
    expect(closestWord('pigy', words)).toBeNull();
    expect(closestWord('blockchain', words)).toBeNull();
    expect(closestWord('handle', words)).toBeNull();
  });

  it('respells the keywords and the phrases that hold the word, nothing else', () => {
    const plan = {
      ...emptyPlan(),
      keywords: ['weapon', 'loadot'],
      phrases: ['weapon loadot'],
      games: ['Call of Duty: Mobile'],
    };
    const respelt = respellPlan(plan, [{ from: 'loadot', to: 'loadout' }]);
    expect(respelt.keywords).toEqual(['weapon', 'loadout']);
    expect(respelt.phrases).toEqual(['weapon loadout']);
    expect(respelt.games).toEqual(['Call of Duty: Mobile']);
    expect(respellPlan(plan, [])).toBe(plan);
  });
});
