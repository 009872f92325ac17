import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excludedFeatures, offlinePlan } from '../../../api/search/engine';
import { runPlan } from '../../../api/search/pipeline';
import { groupIntoSections } from '../../../api/search/sections';
import { emptyPlan } from '../../../api/search/plan';
import { rankFeatures } from '../../../api/search/rank';
import { compileScorer, fullTextQuery, tagFit, TAG_FIT } from '../../../api/search/score';
import { searchRepo } from '../../../api/db/repositories/search.repo';
import { pickResults } from '../../../api/search/sections';
import { openFixtureDb, searchFixtureCatalogue, type FixtureDb } from './fixture';
import { wordSynonyms } from '../../../api/search/word-synonyms';
import { queryWordShares } from '../../../api/search/word-shares';
import type { SearchPlan } from '../../../api/search/plan';

/** Ranking on the small fixture catalogue (tests/unit/search/fixture.ts) in a temp SQLite file with FTS5. */
let fx: FixtureDb;
beforeAll(async () => {
  fx = await openFixtureDb();
});
afterAll(() => fx.close());

type Hit = { game: string; title: string; tags: string };
async function search(query: string): Promise<Hit[]> {
  const result = await runPlan(fx.db, await offlinePlan(fx.db, query, fx.games), fx.games);
  const byId = new Map(result.sections.flatMap((s) => s.features).map((f) => [f.id, f]));
  return result.rankedIds.map((id) => {
    const f = byId.get(id)!;
    return { game: f.game, title: f.title, tags: `${f.primaryTag}/${f.secondaryTag}` };
  });
}

describe('tag fit', () => {
  it('scores exact sub-tag > asked-for category > neighbouring sub-tag > same category > unrelated', () => {
    const starter = [{ primary: 'Monetization' as const, secondary: 'Starter Pack' }];
    expect(tagFit({ primaryTag: 'Monetization', secondaryTag: 'Starter Pack' }, starter).fit).toBe(TAG_FIT.exact);
    expect(tagFit({ primaryTag: 'Monetization', secondaryTag: 'Offers' }, starter).fit).toBe(TAG_FIT.related);
    expect(tagFit({ primaryTag: 'Monetization', secondaryTag: 'Piggy Bank' }, starter).fit).toBe(TAG_FIT.sameCategory);
    expect(tagFit({ primaryTag: 'Progression', secondaryTag: 'Level Map' }, starter).fit).toBe(0);
    expect(
      tagFit({ primaryTag: 'Monetization', secondaryTag: 'Shop' }, [{ primary: 'Monetization', secondary: null }]).fit,
    ).toBe(TAG_FIT.category);
  });

  it('a continue offer and a rewarded video are neighbours (pay or watch an ad to go on), both ways', () => {
    const offers = [{ primary: 'Monetization' as const, secondary: 'Offers' }];
    const rewarded = [{ primary: 'ADS' as const, secondary: 'Rewarded' }];
    expect(tagFit({ primaryTag: 'ADS', secondaryTag: 'Rewarded' }, offers).fit).toBe(TAG_FIT.related);
    expect(tagFit({ primaryTag: 'Monetization', secondaryTag: 'Offers' }, rewarded).fit).toBe(TAG_FIT.related);
    expect(tagFit({ primaryTag: 'ADS', secondaryTag: 'Interstitial' }, offers).fit).toBe(0);
  });
});

describe('a screen named for the query', () => {
  it('whose name says every word of the query fits as the asked tag itself, whatever its own tag', () => {
    // "trophy road" plans to Goals/Achievements (a trophy); Clash Royale's Trophy Road is a progression screen.
    const plan = {
      ...emptyPlan(),
      tags: [{ primary: 'Goals' as const, secondary: 'Achievements' }],
      keywords: ['trophy', 'road'],
    };
    const score = compileScorer(plan);
    const game = {
      id: 1,
      name: 'Clash Royale',
      genre: 'Strategy',
      subgenre: 'Card Battler',
      tier: 'Midcore',
      storeUrl: '',
      isTop: true,
    };
    const road = score(
      { id: 1, gameId: 1, primaryTag: 'Progression', secondaryTag: 'Player Level', title: 'Trophy Road' },
      game,
      0.2,
    )!;
    const room = score(
      { id: 2, gameId: 1, primaryTag: 'Progression', secondaryTag: 'Player Level', title: 'Trophy Room' },
      game,
      0.2,
    )!;
    const achievements = score(
      { id: 3, gameId: 1, primaryTag: 'Goals', secondaryTag: 'Achievements', title: 'Achievements' },
      game,
      0.1,
    )!;
    expect(road.tagFit).toBe(TAG_FIT.exact);
    expect(road.exactTopic).toBe(true);
    expect(room.tagFit).toBe(0);
    expect(road.score).toBeGreaterThan(achievements.score);
  });

  it('of the asked-for category and named for a distinctive word of the query, it is as near as a neighbouring sub-tag', () => {
    // "vip subscriptions": AFK Arena's VIP Levels (Monetization/Other) says "vip"; a season pass neighbours the tag.
    const plan = {
      ...emptyPlan(),
      tags: [{ primary: 'Monetization' as const, secondary: 'Subscriptions' }],
      keywords: ['vip', 'subscription'],
    };
    const game = {
      id: 1,
      name: 'AFK Arena',
      genre: 'RPG',
      subgenre: 'Idle RPG',
      tier: 'Midcore',
      storeUrl: '',
      isTop: true,
    };
    const vipLevels = { id: 1, gameId: 1, primaryTag: 'Monetization', secondaryTag: 'Other', title: 'VIP Levels' };
    const seasonPass = {
      id: 2,
      gameId: 1,
      primaryTag: 'Monetization',
      secondaryTag: 'Season Pass',
      title: 'Battle Pass',
    };
    const withVipRare = compileScorer(plan, [], [], new Set(['vip']));
    expect(withVipRare(vipLevels, game, 0.22)!.tagFit).toBe(TAG_FIT.related);
    expect(withVipRare(vipLevels, game, 0.22)!.score).toBeGreaterThan(withVipRare(seasonPass, game, 0.2)!.score);
    // A common word lifts nothing, nor does a distinctive one the text search did not find.
    expect(compileScorer(plan)(vipLevels, game, 0.22)!.tagFit).toBe(TAG_FIT.sameCategory);
    expect(withVipRare(vipLevels, game, 0)!.tagFit).toBe(TAG_FIT.sameCategory);
  });
});

describe('rankFeatures on the fixture catalogue', () => {
  const rankedFor = async (plan: SearchPlan) =>
    rankFeatures(fx.db, plan, fx.games, (await queryWordShares(fx.db, plan)).distinctive);

  it('"starter packs": every starter pack first, then its neighbours, nothing off topic', async () => {
    const hits = await search('starter packs');
    expect(hits.slice(0, 4).map((h) => h.tags)).toEqual(Array(4).fill('Monetization/Starter Pack'));
    const neighbours = hits.slice(4, 8).map((h) => h.tags);
    for (const tag of neighbours) expect(['Monetization/Offers', 'Monetization/Bundles']).toContain(tag);
    expect(hits.every((h) => h.tags.startsWith('Monetization/'))).toBe(true);
  });

  it('"starter packs in match-3 games": the match-3 starter pack leads, match-3 neighbours its text backs next, other genres only after', async () => {
    const hits = await search('starter packs in match-3 games');
    expect(hits[0]).toMatchObject({ game: 'Gem Saga', title: 'Welcome Pack' });
    // A named sub-genre is a constraint: every match-3 card on the topic comes before any card of another genre.
    const match3 = new Set(['Gem Saga', 'Jewel Royale']);
    const firstOther = hits.findIndex((h) => !match3.has(h.game));
    expect(firstOther).toBeGreaterThan(1);
    expect(hits.slice(1, 3).map((h) => h.title)).toEqual(['Booster Bundle', 'Flash Sale']);
    // The match-3 offers that are neighbours by tag only (an out-of-moves offer says nothing of a first purchase)
    // come after the ones their text backs, and still before other genres' starter packs: the scope is a contract.
    const otherStarters = hits.filter((h) => !match3.has(h.game) && h.tags === 'Monetization/Starter Pack');
    expect(otherStarters).toHaveLength(3);
    const titles = hits.map((h) => h.title);
    for (const tagOnly of ['Out of Moves', 'Extra Moves Offer']) {
      expect(titles.indexOf(tagOnly)).toBeGreaterThan(2);
      expect(titles.indexOf(tagOnly)).toBeLessThan(firstOther);
    }
    // The query has a topic, so match-3 screens that are not about monetization never fill the board.
    expect(titles).not.toContain('Saga Map');
    expect(titles).not.toContain('First Swap');
  });

  it('"starter packs in match-3 games": each relaxed section says what was relaxed', async () => {
    const result = await runPlan(fx.db, await offlinePlan(fx.db, 'starter packs in match-3 games', fx.games), fx.games);
    const sectionOf = new Map(result.sections.flatMap((s) => s.features.map((f) => [f.title, s.title] as const)));
    // The scope's matches in one first section, counted, every card of it a match-3 game's.
    expect(sectionOf.get('Welcome Pack')).toMatch(/^\d+ Starter Packs match(es)? in Match-3 games$/);
    expect(result.sections[0].features.every((f) => ['Gem Saga', 'Jewel Royale'].includes(f.game))).toBe(true);
    expect(sectionOf.get('Hero Starter Pack')).toBe('Starter Packs in other genres');
    expect(sectionOf.get('Out of Moves')).toBe('More Offers in Match-3 games');
    expect(sectionOf.get('Blast Offer')).toBe('Offers outside Match-3');
  });

  it('a sub-genre alone ranks its games first, then near sub-genres, and never other genres', async () => {
    const hits = await search('match 3');
    const games = hits.map((h) => h.game);
    const firstOther = games.findIndex((g) => g !== 'Gem Saga' && g !== 'Jewel Royale');
    expect(firstOther).toBeGreaterThan(5);
    expect(games.slice(firstOther).every((g) => ['Cube Pop', 'Merge Manor'].includes(g))).toBe(true);
    expect(games).not.toContain('Castle Siege');
    expect(games.indexOf('Cube Pop')).toBeLessThan(
      games.indexOf('Merge Manor') === -1 ? Infinity : games.indexOf('Merge Manor'),
    );
  });

  it('a tier ranks only its games', async () => {
    expect(new Set((await search('midcore')).map((h) => h.game))).toEqual(new Set(['Castle Siege', 'Hero Legends']));
  });

  it('keeps at most 3 cards per game unless the query names the game', async () => {
    // The fixture has 19 monetization features, fewer than a board's 20, so pick a 10-card board to see the cap.
    const gemSagaCount = async (query: string) =>
      pickResults(await rankedFor(await offlinePlan(fx.db, query, fx.games)), { min: 8, max: 10 }).filter(
        (f) => f.game.name === 'Gem Saga',
      ).length;
    expect(await gemSagaCount('monetization')).toBe(3);
    expect(await gemSagaCount('gem saga monetization')).toBe(6);
  });

  it('fills a board from fewer games when the catalogue has too few on the topic', async () => {
    const hits = await search('monetization');
    expect(hits).toHaveLength(19);
  });

  it('a named game lifts its on-topic features, not its off-topic ones', async () => {
    const hits = await search('gem saga starter pack');
    expect(hits[0]).toMatchObject({ game: 'Gem Saga', title: 'Welcome Pack' });
    const titles = hits.map((h) => h.title);
    // The named game's other screens of the category (its shop) come before other games' starter packs,
    // in a section that says they are the game's; its screens of other categories stay off.
    expect(titles).toContain('Gold Shop');
    expect(titles.indexOf('Gold Shop')).toBeLessThan(titles.indexOf('Hero Starter Pack'));
    expect(titles).not.toContain('Saga Map');
  });

  it('finds a game through a typo', async () => {
    // The typo reads as the game (not the alias "gem" plus a stray word): its screens lead, games like it follow.
    expect((await offlinePlan(fx.db, 'gem sgaa', fx.games)).games).toEqual(['Gem Saga']);
    const hits = await search('gem sgaa');
    const firstOther = hits.findIndex((h) => h.game !== 'Gem Saga');
    expect(firstOther).toBeGreaterThan(5);
    // Games like it: its own sub-genre's first, then other puzzle games, never other genres.
    const others = hits.slice(firstOther).map((h) => h.game);
    const sameSubGenre = others.filter((g) => g === 'Jewel Royale').length;
    expect(sameSubGenre).toBeGreaterThan(0);
    expect(others.slice(0, sameSubGenre).every((g) => g === 'Jewel Royale')).toBe(true);
    expect(others.every((g) => ['Jewel Royale', 'Cube Pop', 'Merge Manor'].includes(g))).toBe(true);
    expect((await search('jewel royal')).length).toBeGreaterThan(0);
  });

  it('ranks free text with bm25: the screen whose words match best comes first', async () => {
    expect((await search('hand pointer'))[0]).toMatchObject({ title: 'First Swap' });
    expect((await search('pity after ninety pulls'))[0]).toMatchObject({ title: 'Hero Summon' });
  });

  it('returns nothing for words the catalogue does not have', async () => {
    expect(await search('qwzx vbnm')).toEqual([]);
    expect(await rankedFor(emptyPlan())).toEqual([]);
  });

  it('a query naming only a game shows that game, then games like it (same and near sub-genres) in a last section', async () => {
    const plan = await offlinePlan(fx.db, 'gem saga', fx.games);
    const picked = pickResults(await rankedFor(plan), { min: 12, max: 30 });
    const games = picked.map((f) => f.game.name);
    expect(games.slice(0, 9).every((g) => g === 'Gem Saga')).toBe(true);
    expect(games.slice(9)[0]).toBe('Jewel Royale');
    expect(games).not.toContain('Castle Siege');
    const sections = groupIntoSections(picked, plan);
    expect(sections.at(-1)).toMatchObject({ title: 'More like Gem Saga' });
    expect(sections.at(-1)!.features.every((f) => f.game.name !== 'Gem Saga')).toBe(true);
  });

  it('a find-similar text never returns the card it started from', async () => {
    const query =
      'Find me features similar to Crown Pass in genre: Match-3, possible tags: Monetization, Season Pass. Ideally (but not strictly necessarily) matching this description A monthly pass with a free and a premium reward track.';
    const exclude = await excludedFeatures(fx.db, query);
    expect(exclude.size).toBe(1);
    const result = await runPlan(fx.db, await offlinePlan(fx.db, query, fx.games), fx.games, exclude);
    expect(result.rankedIds).not.toContain([...exclude][0]);
    expect(result.sections[0].features[0].primaryTag + '/' + result.sections[0].features[0].secondaryTag).toBe(
      'Monetization/Season Pass',
    );
    expect((await excludedFeatures(fx.db, 'season pass')).size).toBe(0);
  });

  it('reads the find-similar text and ranks by its tags, genre and title', async () => {
    const hits = await search(
      'Find me features similar to Crown Pass in genre: Match-3, possible tags: Monetization, Season Pass. Ideally (but not strictly necessarily) matching this description A monthly pass with a free and a premium reward track.',
    );
    expect(hits[0]).toMatchObject({ game: 'Jewel Royale', title: 'Crown Pass' });
    expect(hits.slice(1, 4).every((h) => h.tags === 'Monetization/Season Pass')).toBe(true);
  });
});

describe('fullTextQuery', () => {
  it('quotes every term, so nothing in a query is FTS5 syntax', async () => {
    const query = fullTextQuery({
      phrases: ['starter pack'],
      keywords: ['near', 'or', 'x"y', 'a*', '(b)', 'col:umn'],
      tags: [],
    })!;
    expect(query).toBe('"starter pack" OR "near" OR "or" OR "x y" OR "a" OR "b" OR "col umn"');
    for (const hostile of ['"; drop table features; --', 'NEAR(a b)', '* AND OR NOT', 'title:boss ^', '"unbalanced']) {
      const plan = await offlinePlan(fx.db, hostile, fx.games);
      const match = fullTextQuery(plan);
      if (match) await searchRepo.fullText(fx.db, match, 10);
      await runPlan(fx.db, plan, fx.games);
    }
    expect((await searchRepo.games(fx.db)).length).toBe(8);
  });

  it('adds the description words typical of an asked-for sub-tag', () => {
    const query = fullTextQuery({
      phrases: [],
      keywords: [],
      tags: [{ primary: 'Monetization', secondary: 'Starter Pack' }],
    })!;
    expect(query).toContain('"first purchase"');
    expect(fullTextQuery({ phrases: [], keywords: [], tags: [] })).toBeNull();
  });

  it('asks for an irregular plural too, as a word and in a phrase: the text says "lives", the query reads "life"', () => {
    expect(fullTextQuery({ phrases: ['out of life'], keywords: ['life'], tags: [] })).toBe(
      '"out of life" OR "out of lives" OR "life" OR "lives"',
    );
  });
});

describe('same-meaning words from the synonym file', () => {
  let withIncome: FixtureDb;
  beforeAll(async () => {
    const data = searchFixtureCatalogue();
    data.features.push({
      game: 'Hero Legends',
      feature_screen_name: 'Idle Camp',
      primary_tag: 'Core Gameplay',
      secondary_tag: 'Basic Mechanics',
      short_description: 'Heroes keep fighting while the player is away; the camp pays an idle income of gold.',
      detailed_description: 'The camp fills with gold and hero shards over time, up to a cap.',
      screens: [{ template: 'popup', title: 'Idle Camp' }],
    });
    withIncome = await openFixtureDb(data);
  });
  afterAll(() => withIncome.close());

  it('"earnings" finds a screen that says "income", and its chip names the word the card says', async () => {
    expect(wordSynonyms('earnings')).toContain('income');
    const result = await runPlan(
      withIncome.db,
      await offlinePlan(withIncome.db, 'idle earnings', withIncome.games),
      withIncome.games,
    );
    const cards = result.sections.flatMap((s) => s.features);
    expect(cards.map((c) => c.title)).toContain('Idle Camp');
    expect(cards.find((c) => c.title === 'Idle Camp')!.reasons).toContainEqual({
      kind: 'word',
      value: 'income',
      label: '“income”',
    });
  });
});

describe("a genre-constrained category: the genre's screens that speak of it come before other genres", () => {
  let withStorage: FixtureDb;
  beforeAll(async () => {
    const data = searchFixtureCatalogue();
    data.features.push({
      game: 'Merge Manor',
      feature_screen_name: 'Storage Shelf',
      primary_tag: 'Meta',
      secondary_tag: 'Other',
      short_description: 'Items wait off the board; extra slots cost gems at a rising price.',
      detailed_description: 'Players buy more slots as the board fills up.',
      screens: [{ template: 'popup', title: 'Storage Shelf' }],
    });
    withStorage = await openFixtureDb(data);
  });
  afterAll(() => withStorage.close());

  it('"monetization in merge games": the merge game\'s storage bought with gems follows its offers, before other puzzle games\' monetization', async () => {
    const result = await runPlan(
      withStorage.db,
      await offlinePlan(withStorage.db, 'monetization in merge games', withStorage.games),
      withStorage.games,
    );
    const cards = result.sections.flatMap((s) => s.features);
    expect(cards.slice(0, 2).map((c) => c.title)).toEqual(['Energy Refill', 'Storage Shelf']);
    const storage = cards[1];
    expect(storage.reasons.map((r) => r.kind)).toEqual(['genre', 'word']);
    // Both are the merge game's matches, in its one first section.
    expect(result.sections[0]).toMatchObject({ title: '2 Monetization matches in Merge games' });
    expect(result.sections[0].features).toContain(storage);
    // The rest of the board is other games' monetization, in sections that say so.
    expect(cards.slice(2).every((c) => c.primaryTag === 'Monetization' && c.game !== 'Merge Manor')).toBe(true);
  });

  it('asks nothing of a screen with no word of the category, nor of a plan that names a sub-tag', async () => {
    const plain = await runPlan(
      withStorage.db,
      await offlinePlan(withStorage.db, 'merge games', withStorage.games),
      withStorage.games,
    );
    expect(plain.sections.flatMap((s) => s.features).every((c) => !c.reasons.some((r) => r.kind === 'word'))).toBe(
      true,
    );
    const subTag = await runPlan(
      withStorage.db,
      await offlinePlan(withStorage.db, 'offers in merge games', withStorage.games),
      withStorage.games,
    );
    expect(subTag.sections.flatMap((s) => s.features).map((c) => c.title)).not.toContain('Storage Shelf');
  });
});

describe('a query of words: a screen named for one of them', () => {
  let named: FixtureDb;
  beforeAll(async () => {
    const data = searchFixtureCatalogue();
    const extra = (game: string, name: string, primary: string, secondary: string, text: string) =>
      data.features.push({
        game,
        feature_screen_name: name,
        primary_tag: primary,
        secondary_tag: secondary,
        short_description: text,
        detailed_description: text,
        screens: [{ template: 'popup', title: name }],
      });
    // Says "energy" once, where the Energy Refill offer says "energy refill" in its name and text.
    extra(
      'Cube Pop',
      'Free Energy Video',
      'ADS',
      'Rewarded',
      'A short video pays out a little energy, a few times a day.',
    );
    // "Bonus" is common in this catalogue: a screen named for it is no reference for "blockchain bonus".
    for (const [game, name] of [
      ['Dash Runner', 'Bonus Road'],
      ['Hero Legends', 'Bonus Tower'],
      ['Castle Siege', 'Bonus Camp'],
      ['Gem Saga', 'Bonus Jar'],
      ['Jewel Royale', 'Bonus Garden'],
    ]) {
      extra(game, name, 'Core Gameplay', 'Bonus Level', 'A bonus stage between levels.');
    }
    named = await openFixtureDb(data);
  });
  afterAll(() => named.close());
  const titles = async (query: string) =>
    (await runPlan(named.db, await offlinePlan(named.db, query, named.games), named.games)).sections
      .flatMap((s) => s.features)
      .map((c) => c.title);

  it('"energy refill" takes the screen named for energy, after the refill itself', async () => {
    const found = await titles('energy refill');
    expect(found[0]).toBe('Energy Refill');
    expect(found).toContain('Free Energy Video');
  });

  it('not for a word a large share of the catalogue says', async () => {
    expect(await titles('blockchain bonus')).toEqual([]);
  });
});
