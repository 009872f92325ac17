import { afterEach, describe, expect, it } from 'vitest';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { SECTION_PALETTE } from '#shared/constants';
import { layoutBoard } from '#shared/layout';
import { collectionsResponse, requiresProError, useCollectionResponse } from '#shared/schemas/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fixtureCatalogue } from '../unit/catalogue/fixture-catalogue';

describe('collections API', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const setup = async () => {
    t = await createTestApp();
    await loadCatalogue(t.db, planCatalogue(fixtureCatalogue()));
    const ids = Object.fromEntries(
      ((await t.sql('select slug, id from collections')) as { slug: string; id: number }[]).map((r) => [r.slug, r.id]),
    );
    return { free: ids['starter-offers'], pro: ids['social-pro'] };
  };
  const boardCount = async () => ((await t.sql('select count(*) n from boards'))[0] as { n: number }).n;

  it('GET /api/collections groups collections by category key, for guests too', async () => {
    await setup();
    const res = await t.call('GET', '/api/collections');
    expect(res.status).toBe(200);
    const { collections } = collectionsResponse.parse(await res.json());
    expect(Object.keys(collections).sort()).toEqual(['monetization', 'social']);
    expect(collections.monetization[0]).toMatchObject({
      name: 'Starter Offers',
      type: 'free',
      new: 1,
      category: 'monetization',
      description: 'First purchases.',
      featureCount: 3,
    });
    expect(collections.monetization[0].imageUrl).toMatch(
      /^\/api\/storage\/catalogue\/collections\/starter-offers-[0-9a-f]{12}\.webp$/,
    );
    expect(collections.social[0]).toMatchObject({ name: 'Social Systems', type: 'pro', new: 0, featureCount: 2 });
  });

  it('POST /use builds a board: one section per collection section, one laid-out card per feature, in curated order', async () => {
    const { free } = await setup();
    const { user, cookie } = await t.signIn();
    const res = await t.call('POST', `/api/collections/${free}/use`, { cookie, json: {} });
    expect(res.status).toBe(200);
    const body = useCollectionResponse.parse(await res.json());
    expect(body.message).toBe('Successfully created a new board.');

    const board = (await t.sql('select * from boards where id = ?', [body.boardId]))[0] as {
      user_id: number;
      title: string;
      slug: string;
    };
    expect(board).toMatchObject({ user_id: user.id, title: 'Starter Offers', slug: 'starter-offers' });
    const sections = (await t.sql(
      'select id, title, color, x, y, width, height from sections where board_id = ? order by id',
      [body.boardId],
    )) as { id: number; title: string; color: string; x: number; y: number; width: number; height: number }[];
    expect(sections.map((s) => [s.title, s.color])).toEqual([
      ['Offers', SECTION_PALETTE[0]],
      ['Ads', SECTION_PALETTE[1]],
    ]);
    const cards = (await t.sql('select * from cards where board_id = ? order by id', [body.boardId])) as Record<
      string,
      unknown
    >[];
    expect(cards.map((c) => [c.title, c.game, c.section_id])).toEqual([
      ['Starter Pack', 'Gem Quest', sections[0].id],
      ['Season Pass', 'Castle Clash Test', sections[0].id],
      ['Revive Offer', 'Runner Rush', sections[1].id],
    ]);
    const first = cards[0];
    expect(first).toMatchObject({
      description: 'Starter Pack in Gem Quest.',
      game_link: 'https://play.google.com/store/apps/details?id=test.gemquest',
      orientation: 'vertical',
    });
    expect(first.detailed_description).toContain('**Starter Pack**');
    expect(JSON.parse(first.tags as string)).toEqual(['Monetization', 'Starter Pack']);
    const images = JSON.parse(first.images as string) as string[];
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/^\/api\/storage\/catalogue\/gem-quest\/starter-pack-1-[0-9a-f]{12}\.webp$/);
    expect(first.feature_id).toBe(
      ((await t.sql("select id from features where feature_screen_name = 'Starter Pack'"))[0] as { id: number }).id,
    );

    // Positions are the shared auto-layout's for these sections and cards.
    const expected = layoutBoard({
      sections: sections.map((s) => ({ id: s.id })),
      cards: cards.map((c) => ({
        id: c.id as number,
        sectionId: c.section_id as number,
        orientation: c.orientation as 'horizontal' | 'vertical',
      })),
    });
    expect(cards.map((c) => ({ x: c.x, y: c.y }))).toEqual(expected.cards.map((c) => c.position));
    expect(sections.map((s) => ({ x: s.x, y: s.y, width: s.width, height: s.height }))).toEqual(
      expected.sections.map((s) => ({ ...s.position, ...s.size })),
    );

    // The board is the user's, through the boards API.
    const cardsRes = await t.call('GET', `/api/cards?boardId=${body.boardId}`, { cookie });
    expect(cardsRes.status).toBe(200);
  });

  it('a free user asking for a pro collection gets 403 requiresPro and nothing is written', async () => {
    const { pro } = await setup();
    const { cookie } = await t.signIn(undefined, { planId: 1 });
    const before = await boardCount();
    const res = await t.call('POST', `/api/collections/${pro}/use`, { cookie, json: {} });
    expect(res.status).toBe(403);
    const body = requiresProError.parse(await res.json());
    expect(body.error.message).toBe('This collection is available only to users with a premium subscription.');
    expect(await boardCount()).toBe(before);
  });

  it('a paid user (plan_id 2 or more) may use a pro collection', async () => {
    const { pro } = await setup();
    for (const planId of [2, 4]) {
      const { cookie } = await t.signIn(undefined, { planId });
      const res = await t.call('POST', `/api/collections/${pro}/use`, { cookie, json: {} });
      expect(res.status).toBe(200);
    }
  });

  it('guests get 401; unknown ids 404; non-JSON bodies 400 — and nothing is written', async () => {
    const { free } = await setup();
    const { cookie } = await t.signIn();
    expect((await t.call('POST', `/api/collections/${free}/use`, { json: {} })).status).toBe(401);
    expect((await t.call('POST', '/api/collections/99999/use', { cookie, json: {} })).status).toBe(404);
    expect((await t.call('POST', '/api/collections/abc/use', { cookie, json: {} })).status).toBe(400);
    // A text/plain body is refused (Origin check or the JSON validator, whichever sees it first).
    const text = await t.call('POST', `/api/collections/${free}/use`, {
      cookie,
      json: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect([400, 403]).toContain(text.status);
    const sameOriginText = await t.call('POST', `/api/collections/${free}/use`, {
      cookie,
      json: '{}',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost' },
    });
    expect([400, 403]).toContain(sameOriginText.status);
    expect(await boardCount()).toBe(0);
  });
});
