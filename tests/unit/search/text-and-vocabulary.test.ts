import { describe, expect, it } from 'vitest';
import { allowedTypos, editDistance } from '../../../api/search/fuzzy';
import { RELATED_TAGS } from '../../../api/search/relations';
import { SYNONYMS, TAG_TEXT_HINTS } from '../../../api/search/synonyms';
import { foldText, phraseKey, singular, tokens } from '../../../api/search/text';
import { isCategory, isSubTag, parseTarget, tagLabel, VOCABULARY } from '../../../api/search/vocabulary';
import { FEATURE_TAXONOMY, GENRES, TIERS } from '#shared/taxonomy';

describe('text folding', () => {
  it('folds case, accents, apostrophes, punctuation and letter–digit joins', () => {
    expect(foldText('Pokémon GO!')).toBe('pokemon go');
    expect(foldText("June's Journey")).toBe('junes journey');
    expect(foldText('Match-3')).toBe('match 3');
    expect(foldText('match3')).toBe('match 3');
    expect(foldText('4X')).toBe('4 x');
    expect(foldText('Hints & Tips')).toBe('hints and tips');
    expect(foldText('  ')).toBe('');
  });

  it('folds plurals to a singular both sides agree on', () => {
    expect(['packs', 'boxes', 'dailies', 'passes', 'bosses', 'ads', 'levels', 'clans'].map(singular)).toEqual([
      'pack',
      'box',
      'daily',
      'pass',
      'boss',
      'ad',
      'level',
      'clan',
    ]);
    expect(['pass', 'boss', 'bonus', 'gas', 'rpg', 'map'].map(singular)).toEqual([
      'pass',
      'boss',
      'bonus',
      'gas',
      'rpg',
      'map',
    ]);
    expect(tokens('Starter Packs in Match-3 games')).toEqual(['starter', 'pack', 'in', 'match', '3', 'game']);
    expect(phraseKey('Loot Boxes')).toBe(phraseKey('loot box'));
    // An irregular plural folds to its own singular, not to a near word ("live" ops).
    expect(['lives', 'life', 'live'].map(singular)).toEqual(['life', 'life', 'live']);
    expect(phraseKey('out of lives')).toBe('out of life');
    expect(['heroes', 'tomatoes', 'shoes', 'toes'].map(singular)).toEqual(['hero', 'tomato', 'shoe', 'toe']);
    expect(['zombies', 'cookies', 'bounties', 'series', 'species'].map(singular)).toEqual([
      'zombie',
      'cookie',
      'bounty',
      'series',
      'species',
    ]);
  });
});

describe('typo distance', () => {
  it('counts edits and adjacent swaps, and stops early past the limit', () => {
    expect(editDistance('royl match', 'royal match', 2)).toBe(1);
    expect(editDistance('gardenscpae', 'gardenscape', 2)).toBe(1);
    expect(editDistance('candy crsh', 'candy crush', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('abc', 'abc', 0)).toBe(0);
    expect(editDistance('short', 'a much longer string', 2)).toBe(3);
  });

  it('allows no typo in short words, one in medium ones, two in long names', () => {
    expect([allowedTypos(4), allowedTypos(5), allowedTypos(8), allowedTypos(9), allowedTypos(20)]).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });
});

describe('the vocabulary', () => {
  it('names only tags, genres and tiers that exist (a typo in synonyms.ts fails here)', () => {
    for (const [, targets] of SYNONYMS) for (const target of targets) expect(() => parseTarget(target)).not.toThrow();
    expect(() => parseTarget('Monetization/Mega Chests')).toThrow(/unknown sub-tag/);
    expect(() => parseTarget('genre:Puzzle/Dating')).toThrow(/unknown sub-genre/);
    expect(() => parseTarget('tier:Hardcore')).toThrow(/unknown tier/);
    for (const concepts of VOCABULARY.values()) {
      for (const c of concepts) {
        if (c.kind === 'tag') expect(c.tag.secondary === null || isSubTag(c.tag.primary, c.tag.secondary)).toBe(true);
        if (c.kind === 'genre') expect(c.genre.genre in GENRES).toBe(true);
        if (c.kind === 'tier') expect(TIERS).toContain(c.tier);
      }
    }
  });

  it('knows every category, sub-tag (but "Other"), sub-genre and tier by its own name', () => {
    for (const [category, subs] of Object.entries(FEATURE_TAXONOMY)) {
      if (category !== 'Other') expect(VOCABULARY.has(phraseKey(category))).toBe(true);
      for (const sub of subs) if (sub !== 'Other') expect(VOCABULARY.has(phraseKey(sub)), sub).toBe(true);
    }
    for (const subs of Object.values(GENRES))
      for (const sub of subs) expect(VOCABULARY.has(phraseKey(sub)), sub).toBe(true);
    for (const tier of TIERS) expect(VOCABULARY.has(phraseKey(tier))).toBe(true);
  });

  it('relates and hints only real sub-tags, symmetrically', () => {
    const real = (key: string) => {
      const [primary, secondary] = key.split('/');
      return isCategory(primary) && (secondary === '' || isSubTag(primary, secondary));
    };
    for (const [tag, others] of RELATED_TAGS) {
      expect(real(tag), tag).toBe(true);
      for (const other of others) {
        expect(real(other), other).toBe(true);
        expect(RELATED_TAGS.get(other)?.has(tag)).toBe(true);
      }
    }
    for (const key of Object.keys(TAG_TEXT_HINTS)) expect(real(key), key).toBe(true);
  });

  it('labels tags for section titles with the search panel names', () => {
    expect(tagLabel({ primary: 'Monetization', secondary: 'Starter Pack' })).toBe('Starter Packs');
    expect(tagLabel({ primary: 'ADS', secondary: 'Rewarded' })).toBe('Rewarded Video');
    expect(tagLabel({ primary: 'Monetization', secondary: 'Season Pass' })).toBe('Season Pass');
    expect(tagLabel({ primary: 'Meta', secondary: 'Other' })).toBe('More Meta');
    expect(tagLabel({ primary: 'LiveOps', secondary: null })).toBe('LiveOps');
    expect(tagLabel({ primary: 'HUD', secondary: 'Currency Bar' })).toBe('Currency Bar');
  });
});
