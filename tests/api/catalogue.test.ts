import { afterEach, describe, expect, it } from 'vitest';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { searchRepo } from '../../api/db/repositories/search.repo';
import { randomRecord as randomRecordSchema, gameOrientationsResponse, gamesResponse } from '#shared/schemas/catalogue';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { fixtureCatalogue } from '../unit/catalogue/fixture-catalogue';

describe('catalogue API: games, game info, random record', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const withCatalogue = async (random?: () => number) => {
    t = await createTestApp({ extraDeps: random ? { random } : {} });
    await loadCatalogue(t.db, planCatalogue(fixtureCatalogue()));
    return t;
  };
  /** The features the app's own full-text search finds for an FTS match string, on either database. */
  const fullTextIds = async (match: string) => (await searchRepo.fullText(t.db, match, 100)).map((hit) => hit.id);
  const idsOf = async (name: string) =>
    (await t.sql<{ id: number }>('select id from features where feature_screen_name = ?', [name])).map((r) => r.id);

  it('GET /api/games lists game names, case-insensitively sorted, with the Top Games / New flags', async () => {
    await withCatalogue();
    const res = await t.call('GET', '/api/games');
    expect(res.status).toBe(200);
    const body = gamesResponse.parse(await res.json());
    expect(body).toEqual({
      success: true,
      games: [
        { name: 'Castle Clash Test', isTop: false, isNew: true },
        { name: 'Gem Quest', isTop: true, isNew: false },
        { name: 'Runner Rush', isTop: false, isNew: false },
      ],
    });
  });

  it('GET /api/games/orientations answers {game_name, orientation} cached for one hour', async () => {
    await withCatalogue();
    const res = await t.call('GET', '/api/games/orientations');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const list = gameOrientationsResponse.parse(await res.json());
    expect(list).toContainEqual({ game_name: 'Gem Quest', orientation: 'vertical' });
    expect(list).toContainEqual({ game_name: 'Castle Clash Test', orientation: 'horizontal' });
  });

  it('GET /api/game-info gives genre and sub-genre, any case; unknown games are success false', async () => {
    await withCatalogue();
    expect(await (await t.call('GET', '/api/game-info?gameName=Gem%20Quest')).json()).toEqual({
      success: true,
      genre: 'Puzzle',
      subgenre: 'Match-3',
    });
    expect(await (await t.call('GET', '/api/game-info?gameName=gem%20quest')).json()).toEqual({
      success: true,
      genre: 'Puzzle',
      subgenre: 'Match-3',
    });
    const unknown = await t.call('GET', '/api/game-info?gameName=Nope');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ success: false });
    const missing = await t.call('GET', '/api/game-info');
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({ field: 'gameName', message: 'Game name is required.' });
  });

  it('GET /api/database/random-record has every spec field, raw slots and resolved images', async () => {
    await withCatalogue(() => 0);
    const res = await t.call('GET', '/api/database/random-record');
    expect(res.status).toBe(200);
    const record = randomRecordSchema.parse(await res.json());
    expect(record).toMatchObject({
      game_name: 'Gem Quest',
      feature_screen_name: 'Starter Pack',
      primary_tag: 'Monetization',
      secondary_tag: 'Starter Pack',
      orientation: 'vertical',
    });
    expect(record.game_link).toBe('https://play.google.com/store/apps/details?id=test.gemquest');
    expect(record.screenshot_path1).toMatch(/^static\/catalogue\/gem-quest\/starter-pack-1-[0-9a-f]{12}\.webp$/);
    expect(record.screenshot_url1).toBeNull();
    expect(record.screenshot_path3).toBeNull();
    expect(record.images).toEqual([
      record.screenshot_path1!.replace(/^static\//, '/api/storage/'),
      record.screenshot_path2!.replace(/^static\//, '/api/storage/'),
    ]);
  });

  it('the random record covers the whole catalogue', async () => {
    let next = 0.999;
    await withCatalogue(() => next);
    const last = (await (await t.call('GET', '/api/database/random-record')).json()) as { feature_screen_name: string };
    expect(last.feature_screen_name).toBe('Story Intro');
    next = 0.5;
    const middle = (await (await t.call('GET', '/api/database/random-record')).json()) as { id: number };
    expect(middle.id).toBeGreaterThan(1);
  });

  it('an empty catalogue answers 404 for the random record and empty lists elsewhere', async () => {
    t = await createTestApp();
    expect((await t.call('GET', '/api/database/random-record')).status).toBe(404);
    expect(await (await t.call('GET', '/api/games')).json()).toEqual({ success: true, games: [] });
    expect(await (await t.call('GET', '/api/collections')).json()).toEqual({ collections: {} });
  });

  it('loading the same catalogue twice changes nothing (ids kept, no duplicates)', async () => {
    await withCatalogue();
    const ids = async () => await t.sql('select id, feature_screen_name from features order by id');
    const before = await ids();
    const counts = await loadCatalogue(t.db, planCatalogue(fixtureCatalogue()));
    expect(counts).toEqual({ games: 3, features: 12, collections: 2, removed: 0 });
    expect(await ids()).toEqual(before);
    expect((await t.sql('select count(*) n from collection_items'))[0]).toEqual({ n: 5 });
    // The full-text index (SQLite's FTS5 table, PostgreSQL's tsvector) holds the feature once, not once per load.
    expect(await fullTextIds('"starter"')).toEqual(await idsOf('Starter Pack'));
  });

  it('a changed catalogue file updates rows in place', async () => {
    await withCatalogue();
    const changed = fixtureCatalogue();
    changed.features[0].short_description = 'A new description.';
    changed.collections[0].sections = [changed.collections[0].sections[0]];
    await loadCatalogue(t.db, planCatalogue(changed));
    expect(
      (await t.sql("select short_description s from features where feature_screen_name = 'Starter Pack'"))[0],
    ).toEqual({ s: 'A new description.' });
    expect((await t.sql('select count(*) n from collection_items'))[0]).toEqual({ n: 4 });
    expect(await fullTextIds('"new description"')).toEqual(await idsOf('Starter Pack'));
  });

  it('with prune, removes demo features and collections that left the files, and never imported features', async () => {
    await withCatalogue();
    await t.sql(
      "insert into features (game_id, feature_screen_name, primary_tag, screenshots) values ((select id from games where name = 'Gem Quest'), 'Imported One', 'Meta', ?)",
      [JSON.stringify([{ path: 'static/imports/abc/x.png', url: null }])],
    );
    // An operator's own image under a catalogue/ folder is not a generated one either.
    await t.sql(
      "insert into features (game_id, feature_screen_name, primary_tag, screenshots) values ((select id from games where name = 'Gem Quest'), 'Imported Two', 'Meta', ?)",
      [JSON.stringify([{ path: 'static/catalogue/own/shot.png', url: null }])],
    );
    const changed = fixtureCatalogue();
    changed.features = changed.features.filter((f) => f.feature_screen_name !== 'Team Chat');
    changed.features[0].feature_screen_name = 'Starter Pack Deluxe';
    changed.collections = changed.collections.filter((c) => c.slug === 'starter-offers');
    changed.collections[0].sections[0].features[0].feature_screen_name = 'Starter Pack Deluxe';
    const kept = await loadCatalogue(t.db, planCatalogue(changed));
    expect(kept.removed).toBe(0);
    expect((await t.sql('select count(*) n from features'))[0]).toEqual({ n: 15 });
    const pruned = await loadCatalogue(t.db, planCatalogue(changed), { prune: true });
    expect(pruned.removed).toBe(3);
    const names = ((await t.sql('select feature_screen_name n from features order by id')) as { n: string }[]).map(
      (r) => r.n,
    );
    expect(names).not.toContain('Starter Pack');
    expect(names).not.toContain('Team Chat');
    expect(names).toContain('Starter Pack Deluxe');
    expect(names).toContain('Imported One');
    expect(names).toContain('Imported Two');
    expect(await t.sql('select slug from collections')).toEqual([{ slug: 'starter-offers' }]);
  });
});
