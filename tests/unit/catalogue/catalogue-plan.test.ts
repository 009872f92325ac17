import { describe, expect, it } from 'vitest';
import { planCatalogue, slugify } from '../../../api/catalogue/catalogue-plan';
import { fixtureCatalogue } from './fixture-catalogue';

describe('catalogue plan', () => {
  it('slugifies names for storage paths', () => {
    expect(slugify('Monopoly GO!')).toBe('monopoly-go');
    expect(slugify('Pokémon GO')).toBe('pokemon-go');
    expect(slugify("June's Journey")).toBe('june-s-journey');
    expect(slugify('!!!')).toBe('item');
  });

  it('names every screenshot by a hash of what it shows, as a static/ storage path', () => {
    const plan = planCatalogue(fixtureCatalogue());
    const starter = plan.features.find((f) => f.feature_screen_name === 'Starter Pack')!;
    expect(starter.screenshotPaths).toHaveLength(2);
    expect(starter.screenshotPaths[0]).toMatch(/^static\/catalogue\/gem-quest\/starter-pack-1-[0-9a-f]{12}\.webp$/);
    expect(starter.orientation).toBe('vertical');
    expect(starter.gameLink).toBe('https://play.google.com/store/apps/details?id=test.gemquest');
    expect(plan.screens).toHaveLength(plan.features.reduce((n, f) => n + f.screens.length, 0));
    expect(new Set(plan.screens.map((s) => s.relative)).size).toBe(plan.screens.length);
  });

  it('keeps a path when nothing changes and moves it when the screen or the palette changes', () => {
    const first = planCatalogue(fixtureCatalogue()).screens[0].relative;
    expect(planCatalogue(fixtureCatalogue()).screens[0].relative).toBe(first);
    const changedScreen = fixtureCatalogue();
    changedScreen.features[0].screens[0].price = '$2.99';
    expect(planCatalogue(changedScreen).screens[0].relative).not.toBe(first);
    const changedPalette = fixtureCatalogue();
    changedPalette.games[0].palette = ['#000000', '#111111', '#222222'];
    expect(planCatalogue(changedPalette).screens[0].relative).not.toBe(first);
  });

  it('gives each collection a cover in storage showing its first screenshots', () => {
    const plan = planCatalogue(fixtureCatalogue());
    expect(plan.collections[0].imageUrl).toMatch(
      /^\/api\/storage\/catalogue\/collections\/starter-offers-[0-9a-f]{12}\.webp$/,
    );
    expect(plan.covers[0]).toMatchObject({ featureCount: 3 });
    expect(plan.covers[0].screenshots).toHaveLength(3);
    expect(plan.covers[0].screenshots[0]).toMatch(/^catalogue\/gem-quest\/starter-pack-1-/);
  });
});
