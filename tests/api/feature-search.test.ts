import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogueData } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { FREE_PLAN_FEATURE_LIMIT } from '../../api/services/feature-search.service';
import {
  featureSearchFiltersResponse,
  featureSearchResponse,
  type FeatureSearchResponse,
} from '#shared/schemas/catalogue';
import { FEATURE_TAXONOMY } from '#shared/taxonomy';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fixtureCatalogue } from '../unit/catalogue/fixture-catalogue';

/** The fixture plus 40 offers in Gem Quest and 20 in Runner Rush, so paging and plan limits have room. */
function searchCatalogue(): CatalogueData {
  const data = fixtureCatalogue();
  for (let i = 1; i <= 60; i++) {
    data.features.push({
      game: i <= 40 ? 'Gem Quest' : 'Runner Rush',
      feature_screen_name: `Offer ${i}`,
      primary_tag: 'Monetization',
      secondary_tag: 'Offers',
      short_description: `Offer number ${i}.`,
      detailed_description: 'An offer.',
      screens: [{ template: 'offer', title: `Offer ${i}`, price: '$0.99' }],
    });
  }
  return data;
}

describe('feature search API', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const setup = async () => {
    t = await createTestApp();
    await loadCatalogue(t.db, planCatalogue(searchCatalogue()));
    return {
      paid: (await t.signIn(undefined, { planId: 3 })).cookie,
      free: (await t.signIn(undefined, { planId: 1 })).cookie,
    };
  };
  const search = async (cookie: string, body: unknown) => {
    const res = await t.call('POST', '/api/feature-search', { cookie, json: body });
    expect(res.status).toBe(200);
    return featureSearchResponse.parse(await res.json());
  };
  const names = (page: FeatureSearchResponse) => page.features.map((f) => f.feature_screen_name);

  it('matches feature tags against the primary or the secondary tag', async () => {
    const { paid } = await setup();
    expect(names(await search(paid, { filters: { featureTags: ['Tutorial'] } }))).toEqual(['Builder Tutorial']);
    expect(names(await search(paid, { filters: { featureTags: ['Season Pass', 'Chat'] } }))).toEqual([
      'Team Chat',
      'Season Pass',
    ]);
    const social = await search(paid, { filters: { featureTags: ['Social Features'] } });
    expect(names(social).sort()).toEqual(['Clan War', 'Team Chat']);
  });

  it('a qualified "Category:Sub-tag" picks the sub-tag in that category only', async () => {
    const { paid } = await setup();
    expect(names(await search(paid, { filters: { featureTags: ['Other:Settings'] } }))).toEqual(['Settings']);
    expect(names(await search(paid, { filters: { featureTags: ['Meta:Settings'] } }))).toEqual([]);
  });

  it('matches genres against genre, sub-genre or tier, and games by name; filters combine with AND', async () => {
    const { paid } = await setup();
    const strategy = await search(paid, { filters: { genres: ['Strategy'] } });
    expect(new Set(strategy.features.map((f) => f.game_name))).toEqual(new Set(['Castle Clash Test']));
    const runner = await search(paid, { filters: { genres: ['Runner'], featureTags: ['ADS'] } });
    expect(names(runner)).toEqual(['Revive Offer']);
    const tier = await search(paid, { filters: { genres: ['Midcore'] } });
    expect(tier.features.every((f) => f.game_name === 'Castle Clash Test')).toBe(true);
    const game = await search(paid, { filters: { games: ['Runner Rush'], featureTags: ['LiveOps'] } });
    expect(names(game)).toEqual(['Weekend Event']);
  });

  it('returns the spec Feature record with resolved image URLs', async () => {
    const { paid } = await setup();
    const [f] = (await search(paid, { filters: { featureTags: ['Starter Pack'] } })).features;
    expect(f).toMatchObject({
      feature_screen_name: 'Starter Pack',
      game_name: 'Gem Quest',
      game_link: 'https://play.google.com/store/apps/details?id=test.gemquest',
      primary_tag: 'Monetization',
      secondary_tag: 'Starter Pack',
      short_description: 'Starter Pack in Gem Quest.',
      orientation: 'vertical',
    });
    expect(f.images).toHaveLength(2);
    for (const url of f.images)
      expect(url).toMatch(/^\/api\/storage\/catalogue\/gem-quest\/starter-pack-\d-[0-9a-f]{12}\.webp$/);
  });

  it('pages by cursor: no repeats, no gaps, limit at most 35', async () => {
    const { paid } = await setup();
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page: FeatureSearchResponse = await search(paid, {
        filters: { featureTags: ['Offers'] },
        cursor,
        limit: 25,
      });
      expect(page.isPlanLimited).toBe(false);
      expect(page.planLimitReached).toBeNull();
      seen.push(...page.features.map((f) => f.id));
      cursor = page.nextCursor;
      expect(page.hasMore).toBe(cursor !== null);
      pages++;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(60);
    expect(new Set(seen).size).toBe(60);
    const defaultPage = await search(paid, { filters: { featureTags: ['Offers'] } });
    expect(defaultPage.features).toHaveLength(35);
    const tooMany = await t.call('POST', '/api/feature-search', { cookie: paid, json: { filters: {}, limit: 36 } });
    expect(tooMany.status).toBe(400);
  });

  it('takes turns by game, so one game with many matches does not fill a page', async () => {
    const { paid, free } = await setup();
    const page = await search(paid, { filters: { featureTags: ['Offers'] }, limit: 30 });
    const gamesInOrder = page.features.map((f) => f.game_name);
    // Gem Quest has 40 offers and Runner Rush 20: they alternate while both have some left.
    for (let i = 1; i < gamesInOrder.length; i++)
      expect(gamesInOrder[i], gamesInOrder.join(', ')).not.toBe(gamesInOrder[i - 1]);
    // Within a game, the order is still the catalogue's (by id).
    const gemIds = page.features.filter((f) => f.game_name === 'Gem Quest').map((f) => f.id);
    expect([...gemIds].sort((a, b) => a - b)).toEqual(gemIds);
    // The free plan's first page of 12 shows both games, six each.
    const limited = await search(free, { filters: { featureTags: ['Offers'] } });
    const perGame = new Map<string, number>();
    for (const f of limited.features) perGame.set(f.game_name, (perGame.get(f.game_name) ?? 0) + 1);
    expect([...perGame.values()].sort()).toEqual([6, 6]);
  });

  it(`a free plan sees only the first ${FREE_PLAN_FEATURE_LIMIT} matches, whatever the cursor`, async () => {
    const { free, paid } = await setup();
    const paidPage = await search(paid, { filters: { featureTags: ['Offers'] }, limit: 35 });
    const all = paidPage.features.map((f) => f.id);
    let everyMatch = all.length;
    for (let after = paidPage.nextCursor; after !== null;) {
      const more = await search(paid, { filters: { featureTags: ['Offers'] }, cursor: after, limit: 35 });
      everyMatch += more.features.length;
      after = more.nextCursor;
    }
    const first = await search(free, { filters: { featureTags: ['Offers'] }, limit: 5 });
    // The count says how many match in all, those held back included ("12 of 27").
    expect(first).toMatchObject({
      isPlanLimited: true,
      planLimitReached: FREE_PLAN_FEATURE_LIMIT,
      hasMore: true,
      totalMatches: everyMatch,
    });
    expect(paidPage.totalMatches).toBe(everyMatch);
    expect(everyMatch).toBeGreaterThan(FREE_PLAN_FEATURE_LIMIT);
    const ids = first.features.map((f) => f.id);
    let cursor = first.nextCursor;
    while (cursor !== null) {
      const page = await search(free, { filters: { featureTags: ['Offers'] }, cursor, limit: 5 });
      ids.push(...page.features.map((f) => f.id));
      cursor = page.nextCursor;
    }
    expect(ids).toEqual(all.slice(0, FREE_PLAN_FEATURE_LIMIT));
    const pastTheCap = (await search(paid, { filters: { featureTags: ['Offers'] }, limit: 20 })).nextCursor;
    const beyond = await search(free, { filters: { featureTags: ['Offers'] }, cursor: pastTheCap });
    expect(beyond.features).toEqual([]);
    expect(beyond.hasMore).toBe(false);
  });

  it('a free plan with fewer matches than the limit is not limited', async () => {
    const { free } = await setup();
    const page = await search(free, { filters: { featureTags: ['Social Features'] } });
    expect(page).toMatchObject({
      isPlanLimited: false,
      planLimitReached: FREE_PLAN_FEATURE_LIMIT,
      hasMore: false,
      totalMatches: 2,
    });
    expect(page.features).toHaveLength(2);
  });

  it('guests get 401, bad bodies 400', async () => {
    const { paid } = await setup();
    expect((await t.call('POST', '/api/feature-search', { json: { filters: {} } })).status).toBe(401);
    for (const body of [
      { filters: { featureTags: 'Shop' } },
      { filters: {}, cursor: -1 },
      { filters: {}, limit: 0 },
      { filters: { games: [''] } },
    ]) {
      expect(
        (await t.call('POST', '/api/feature-search', { cookie: paid, json: body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
  });

  it('GET /api/feature-search/filters lists games and the taxonomy the page shows', async () => {
    await setup();
    const res = await t.call('GET', '/api/feature-search/filters');
    const body = featureSearchFiltersResponse.parse(await res.json());
    expect(body.games).toEqual(['Castle Clash Test', 'Gem Quest', 'Runner Rush']);
    expect(Object.keys(body.featureTaxonomy)).toEqual(Object.keys(FEATURE_TAXONOMY));
    expect(body.tiers).toEqual(['Casual', 'Midcore', 'Hybrid-Casual']);
    expect(Object.keys(body.genres)[0]).toBe('Puzzle');
    expect(body.popularGames).toEqual([]);
  });
});
