import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGameIndex, type GameInfo } from '../../../api/search/game-names';
import { parseQuery, vocabularyTypos } from '../../../api/search/parse-query';
import { textMentions, wordStem } from '../../../api/search/text';
import { readSynonymFile, readWordSynonyms, SYNONYM_FILE } from '../../../api/search/synonym-file';
import { buildWordSynonyms } from '../../../api/search/word-synonyms';
import { parseTarget, VOCABULARY } from '../../../api/search/vocabulary';

/** Typos, joined and split words, and shorthand from the catalogue owner's synonym file. */
const demoGames: GameInfo[] = JSON.parse(
  fs.readFileSync(new URL('../../../assets/catalogue/games.json', import.meta.url), 'utf8'),
).map((g: Omit<GameInfo, 'id'>, i: number) => ({ ...g, id: i + 1 }));
const games = buildGameIndex(demoGames);
const tags = (q: string) =>
  parseQuery(q, games).tags.map((t) => (t.secondary ? `${t.primary}/${t.secondary}` : t.primary));
const genres = (q: string) => parseQuery(q, games).genres.map((g) => g.subgenre ?? g.genre);

describe("designers' words for what the taxonomy names otherwise (the tuning set)", () => {
  it.each([
    ['help requests from clanmates', 'Social Features/Guilds'],
    ['ranked tiers and season resets', 'Social Features/Leaderboards'],
    ['progress chest that opens every few levels', 'Progression/Star Rewards'],
    ['how to teach controls without text popups', 'Tutorial/FTUE'],
    ['double rewards weekend', 'LiveOps/Other'],
    ['how do events use a token reward track', 'LiveOps/Limited Time Events'],
  ])('%s → %s', (query, tag) => {
    expect(tags(query)).toContain(tag);
  });

  it('sending is gifting, never a typo of spending; lives are sent as a life is', () => {
    expect(tags('sending gifts to friends')).not.toContain('Monetization');
    expect(tags('send lives')).toEqual(['Social Features/Gifting']);
  });

  it('a season reset is ranked play, not a seasonal event', () => {
    expect(tags('season resets')).not.toContain('LiveOps/Seasonal Events');
    expect(tags('season resets')).toContain('Game Modes/PvP');
  });
});

describe('typos: 2 edits in a word of 6+ letters, 1 in a shorter one', () => {
  it('allows 0 for one or two letters, 1 up to five, 2 from six', () => {
    expect([1, 2, 3, 5, 6, 12].map(vocabularyTypos)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it.each([
    ['battel pas', 'Monetization/Season Pass'],
    ['leaderbord', 'Social Features/Leaderboards'],
    ['achivements', 'Goals/Achievements'],
    ['tutorail', 'Tutorial/FTUE'],
    ['intersitial ads', 'ADS/Interstitial'],
    ['bosterz', 'Core Gameplay/Boosters'],
  ])('%s → %s', (query, tag) => {
    expect(tags(query)).toContain(tag);
  });

  it('keeps ordinary words: a typo must start like the word it is read as', () => {
    expect(tags('how do idle games handle offline earnings')).toEqual([]);
    expect(tags('handle')).not.toContain('Monetization/Bundles');
  });
});

describe('joined and split words', () => {
  it.each([
    ['battlepass', 'Monetization/Season Pass'],
    ['piggybank', 'Monetization/Piggy Bank'],
    ['leader board', 'Social Features/Leaderboards'],
    ['superhard levels', 'Core Gameplay/Hard Level'],
    ['lootboxs', 'Monetization/Loot Boxes'],
  ])('%s → %s', (query, tag) => {
    expect(tags(query)).toContain(tag);
  });
});

describe("shorthand from the catalogue owner's file (assets/search/synonyms.json)", () => {
  it.each([
    ['bp', 'Monetization/Season Pass'],
    ['lto', 'Monetization/Offers'],
    ['iap', 'Monetization'],
    ['ftue', 'Tutorial/FTUE'],
    ['rv ads', 'ADS/Rewarded'],
    ['gvg', 'Social Features/Guilds'],
  ])('%s → %s', (query, tag) => {
    expect(tags(query)).toContain(tag);
  });

  it.each([
    ['m3 boosters', 'Match-3'],
    ['match3 events', 'Match-3'],
    ['match 3 events', 'Match-3'],
    ['merge2 events', 'Merge'],
    ['shooters', 'Battle Royale'],
  ])('%s names the genre %s', (query, genre) => {
    expect(genres(query)).toContain(genre);
  });

  it('names only taxonomy targets, so every entry is in the vocabulary', () => {
    for (const [phrases, targets] of readSynonymFile()) {
      for (const target of targets) expect(() => parseTarget(target), target).not.toThrow();
      expect(phrases.length).toBeGreaterThan(0);
    }
    expect(VOCABULARY.has('bp')).toBe(true);
  });

  it('refuses a malformed file, naming the file and the field', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loot-synonyms-')), 'synonyms.json');
    fs.writeFileSync(file, JSON.stringify({ entries: [{ phrases: [], means: ['Monetization'] }] }));
    expect(() => readSynonymFile(file)).toThrow(/synonyms\.json: entries\.0\.phrases/);
    expect(SYNONYM_FILE.endsWith(path.join('assets', 'search', 'synonyms.json'))).toBe(true);
    fs.writeFileSync(file, JSON.stringify({ entries: [], words: [['earnings']] }));
    expect(() => readWordSynonyms(file)).toThrow(/synonyms\.json: words\.0/);
  });

  it('reads groups of same-meaning words, each word finding the others of its group (folded, singular)', () => {
    const groups = buildWordSynonyms([
      ['Earnings', 'income'],
      ['energy', 'stamina', 'energies'],
    ]);
    expect(groups.get('earning')).toEqual(['income']);
    expect(groups.get('income')).toEqual(['earning']);
    expect(groups.get('stamina')).toEqual(['energy']);
    expect(readWordSynonyms().length).toBeGreaterThan(0);
  });
});

describe('reason words', () => {
  it('stems plurals and -ing/-ed/-er endings, and matches at a word start only', () => {
    expect(wordStem('earnings')).toBe('earn');
    expect(textMentions('soft pity from pull 74', 'pity')).toBe(true);
    expect(textMentions('storage capacity', 'pity')).toBe(false);
    expect(textMentions('gold earned while away', 'earnings')).toBe(true);
    expect(textMentions('unlock a new hero', 'heroes')).toBe(true);
    expect(textMentions('a zombie horde at night', 'zombies')).toBe(true);
    expect(textMentions('a weekly event series', 'series')).toBe(true);
  });

  it('a word with an irregular plural is said as itself or that plural only: "lives" are not "live" events', () => {
    expect(textMentions('ask your team for lives', 'life')).toBe(true);
    expect(textMentions('one life refills every 30 minutes', 'lives')).toBe(true);
    expect(textMentions('a live event with stages', 'life')).toBe(false);
    expect(textMentions('skip it with lifestyle points', 'life')).toBe(false);
    expect(textMentions('a live event with stages', 'live')).toBe(true);
  });
});
