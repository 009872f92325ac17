import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processQueryResponse } from '#shared/schemas/search';
import { searchRepo } from '../../api/db/repositories/search.repo';
import { loadCatalogueWords } from '../../api/search/engine';
import { wordsFromText, wordsToText } from '../../api/search/spelling';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The catalogue's words that typo correction spells free words against are kept in the database per features
 * version (catalogue_words): the first instance that needs a version counts and stores them, every other instance
 * on the same database reads that list, and a catalogue change (a new version) makes the next query count again.
 */
describe('the catalogue word list, per catalogue version', () => {
  let first: TestApp;
  let second: TestApp;
  let cookie: string;
  beforeEach(async () => {
    first = await createTestApp({ catalogue: 'demo' });
    second = await createTestApp({ sharedWith: first });
    // A paid plan: the free plan's section lock would hide some of the board from the listing.
    cookie = (await first.signIn(undefined, { monthlyLimit: -1, planId: 3 })).cookie;
  });
  afterEach(async () => {
    await second.close();
    await first.close();
  });

  async function search(app: TestApp, query: string) {
    const board = await app.call('POST', '/api/boards', { cookie, json: { title: query } });
    const boardId = ((await board.json()) as { id: number }).id;
    const res = await app.call('POST', '/api/gemini/process', { cookie, json: { query, boardId } });
    expect(res.status).toBe(200);
    const body = processQueryResponse.parse(await res.json());
    const cards = (await app.sql('select title, tags from cards where board_id = ? order by id', [boardId])) as {
      title: string;
      tags: string;
    }[];
    return {
      message: body.message,
      titles: cards.map((c) => c.title),
      tags: cards.map((c) => JSON.parse(c.tags) as string[]),
    };
  }

  const storedVersions = async (app: TestApp) =>
    ((await app.sql('select version from catalogue_words order by version')) as { version: number }[]).map(
      (r) => r.version,
    );

  it('is counted once and stored under the version; another instance reads it and corrects the same typos', async () => {
    const version = await searchRepo.featuresVersion(first.db);
    expect(await storedVersions(first)).toEqual([]);
    expect((await search(first, 'shooter loadot')).message).toContain('Read “loadot” as “loadout”.');
    expect(await storedVersions(first)).toEqual([version]);

    // The stored list is what the other instance spells against: a word added to it (and to no feature) is known
    // there, so it read the list rather than counting the features again.
    const [row] = (await second.sql('select words from catalogue_words where version = ?', [version])) as {
      words: string;
    }[];
    const stored = wordsFromText(row.words);
    expect(stored.counts.get('loadout')).toBeGreaterThan(0);
    const marked = new Map(stored.counts).set('quillwort', 1);
    await second.sql('update catalogue_words set words = ? where version = ?', [
      wordsToText({ counts: marked, byLength: stored.byLength }),
      version,
    ]);
    expect((await loadCatalogueWords(second.db)).counts.get('quillwort')).toBe(1);

    const loadot = await search(second, 'shooter loadot');
    expect(loadot.message).toContain('Read “loadot” as “loadout”.');
    expect(loadot.titles[0]).toBe('Gunsmith');
    const leaderboards = await search(second, 'leaderbords');
    expect(leaderboards.message).toContain('Read “leaderbords” as “leaderboard”.');
    expect(leaderboards.tags[0]).toEqual(['Social Features', 'Leaderboards']);
    expect(await storedVersions(second)).toEqual([version]);
  });

  it('a catalogue change is a new version: the next query counts its words, on every instance, and the old list goes', async () => {
    expect((await search(first, 'zephyrfnag')).titles).toEqual([]);
    const before = await searchRepo.featuresVersion(first.db);
    expect(await storedVersions(first)).toEqual([before]);

    await first.sql(
      "update features set short_description = short_description || ' Unlocks the Zephyrfang.' where feature_screen_name = 'Gunsmith'",
    );
    const after = await searchRepo.featuresVersion(first.db);
    expect(after).toBeGreaterThan(before);

    const found = await search(second, 'zephyrfnag');
    expect(found.titles).toEqual(['Gunsmith']);
    expect(found.message).toContain('Read “zephyrfnag” as “zephyrfang”.');
    expect(await storedVersions(first)).toEqual([after]);
    // The first instance had the old version's words in memory; it reads the new ones too.
    expect((await search(first, 'zephyrfnag')).titles).toEqual(['Gunsmith']);
    expect(await storedVersions(first)).toEqual([after]);
  });
});
