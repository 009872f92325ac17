import { describe, expect, it } from 'vitest';
import type { FeatureRecord } from '#shared/schemas/catalogue';
import { placementBelow } from '../../../web/logic/card-placement';
import {
  EMPTY_SELECTION,
  addGame,
  clearAll,
  featureLabel,
  featureValue,
  hasFilters,
  removeGame,
  requestFilters,
  setMode,
  toggleFeature,
  toggleGenre,
  toggleValue,
} from '../../../web/components/feature-search/filter-state';
import { paramsFromSelection, selectionFromParams } from '../../../web/components/feature-search/filter-url';
import { suggestGames } from '../../../web/components/feature-search/game-suggestions';
import { buildResultItems, featureCardHeight } from '../../../web/components/feature-search/result-items';
import { featureToCardBody } from '../../../web/data/feature-search-cards';

const feature = (id: number, orientation: 'horizontal' | 'vertical' = 'horizontal'): FeatureRecord => ({
  id,
  feature_screen_name: `Feature ${id}`,
  game_name: 'Royal Match',
  game_link: 'https://example.com/royal',
  primary_tag: 'Monetization',
  secondary_tag: 'Offers',
  short_description: 'Short',
  detailed_description: 'Long',
  orientation,
  images: ['/api/storage/a.webp'],
});

describe('feature search selection (spec accounts §4, §5)', () => {
  it('toggles values in and out', () => {
    expect(toggleValue([], 'a')).toEqual(['a']);
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('keeps sub-tags qualified by category and labels them', () => {
    expect(featureValue('Core Gameplay', 'Boss')).toBe('Core Gameplay:Boss');
    expect(featureLabel('Core Gameplay:Boss')).toBe('Boss');
    expect(featureLabel('Meta:Other')).toBe('Meta: Other');
    expect(featureLabel('Shop')).toBe('Shop');
  });

  it('picking a genre or tier clears games, picking a game clears genres', () => {
    let sel = addGame(EMPTY_SELECTION, 'Royal Match');
    expect(sel).toMatchObject({ games: ['Royal Match'], mode: 'game' });
    sel = addGame(sel, 'Royal Match');
    expect(sel.games).toEqual(['Royal Match']);
    sel = toggleGenre(sel, 'Puzzle');
    expect(sel).toMatchObject({ genres: ['Puzzle'], games: [], mode: 'genres' });
    sel = addGame(sel, 'Coin Master');
    expect(sel).toMatchObject({ genres: [], games: ['Coin Master'] });
    expect(removeGame(sel, 'Coin Master').games).toEqual([]);
  });

  it('sends feature tags always and only the active mode list, each omitted when empty', () => {
    const sel = { ...EMPTY_SELECTION, features: ['ADS:Rewarded'], genres: ['Puzzle'], games: ['Royal Match'] };
    expect(requestFilters(sel)).toEqual({ featureTags: ['ADS:Rewarded'], genres: ['Puzzle'] });
    expect(requestFilters(setMode(sel, 'game'))).toEqual({ featureTags: ['ADS:Rewarded'], games: ['Royal Match'] });
    expect(requestFilters(EMPTY_SELECTION)).toEqual({});
    expect(hasFilters({})).toBe(false);
    expect(hasFilters(requestFilters(toggleFeature(EMPTY_SELECTION, 'HUD:Other')))).toBe(true);
  });

  it('Clear all empties features, genres and games', () => {
    const sel = clearAll({ features: ['a'], genres: ['b'], games: [], mode: 'genres' });
    expect(sel).toEqual({ features: [], genres: [], games: [], mode: 'genres' });
  });
});

describe('feature search URL (spec accounts §2)', () => {
  it('reads features, genres and games comma-separated; games picks Game mode', () => {
    const sel = selectionFromParams(
      new URLSearchParams('features=Monetization:Shop,ADS:Rewarded&genres=Puzzle,Casual'),
    );
    expect(sel).toEqual({
      features: ['Monetization:Shop', 'ADS:Rewarded'],
      genres: ['Puzzle', 'Casual'],
      games: [],
      mode: 'genres',
    });
    const game = selectionFromParams(new URLSearchParams('genres=Puzzle&games=Royal Match,,Royal Match'));
    expect(game).toEqual({ features: [], genres: [], games: ['Royal Match'], mode: 'game' });
  });

  it('writes the active selection back and keeps other parameters', () => {
    const sel = { features: ['Meta:Other'], genres: ['Puzzle'], games: ['X'], mode: 'genres' as const };
    expect(paramsFromSelection(sel, new URLSearchParams('debug=1&games=Old')).toString()).toBe(
      'debug=1&features=Meta%3AOther&genres=Puzzle',
    );
    expect(paramsFromSelection({ ...sel, mode: 'game' }).toString()).toBe('features=Meta%3AOther&games=X');
    expect(paramsFromSelection(EMPTY_SELECTION).toString()).toBe('');
    expect(selectionFromParams(paramsFromSelection(sel))).toEqual({ ...sel, games: [] });
  });
});

describe('game suggestions (spec accounts §5)', () => {
  const games = ['Royal Match', 'Candy Crush Saga', 'Royal Kingdom', 'Royal Match', 'Coin Master'];
  it('filters case-insensitively by substring on the trimmed text, without duplicates or chosen games', () => {
    expect(suggestGames(games, '  roYAL ', [])).toEqual(['Royal Match', 'Royal Kingdom']);
    expect(suggestGames(games, 'royal', ['Royal Match'])).toEqual(['Royal Kingdom']);
    expect(suggestGames(games, '', [])).toEqual(['Royal Match', 'Candy Crush Saga', 'Royal Kingdom', 'Coin Master']);
    expect(suggestGames(games, 'zzz', [])).toEqual([]);
    expect(suggestGames(games, '', [], 2)).toHaveLength(2);
  });
});

describe('result items (spec accounts §4 free-plan limit, §9 card heights)', () => {
  it('sizes vertical cards at double height plus the gap', () => {
    expect(featureCardHeight('horizontal')).toBe(240);
    expect(featureCardHeight('vertical')).toBe(496);
  });

  it('shows everything for paid plans and unlimited answers', () => {
    const features = [feature(1), feature(2)];
    expect(
      buildResultItems(features, { planId: 3, isPlanLimited: false, planLimitReached: null }).map((i) => i.kind),
    ).toEqual(['feature', 'feature']);
    expect(
      buildResultItems(features, { planId: 1, isPlanLimited: false, planLimitReached: 12 }).map((i) => i.kind),
    ).toEqual(['feature', 'feature']);
  });

  it('for plan 1 shows the first planLimitReached features, then 3 placeholders per held-back feature', () => {
    const capped = buildResultItems([feature(1), feature(2)], { planId: 1, isPlanLimited: true, planLimitReached: 2 });
    expect(capped.map((i) => i.kind)).toEqual(['feature', 'feature', 'locked', 'locked', 'locked']);
    const sentPast = buildResultItems([feature(1), feature(2), feature(3), feature(4)], {
      planId: 1,
      isPlanLimited: true,
      planLimitReached: 2,
    });
    expect(sentPast.map((i) => i.kind)).toEqual([
      'feature',
      'feature',
      'locked',
      'locked',
      'locked',
      'locked',
      'locked',
      'locked',
    ]);
    expect(new Set(sentPast.map((i) => i.key)).size).toBe(sentPast.length);
    expect(sentPast.some((i) => i.kind === 'feature' && i.feature.id > 2)).toBe(false);
  });
});

describe('adding a result to a board', () => {
  it('places the card one gap below the lowest card or section', () => {
    expect(placementBelow([], [])).toEqual({ x: 0, y: 50 });
    const cards = [
      { position: { x: 40, y: 0 }, orientation: 'horizontal' as const },
      { position: { x: 500, y: 100 }, orientation: 'vertical' as const },
    ];
    expect(placementBelow(cards, [])).toEqual({ x: 40, y: 100 + 430 + 30 });
    expect(placementBelow(cards, [{ position: { x: 10, y: 600 }, size: { width: 400, height: 300 } }])).toEqual({
      x: 10,
      y: 930,
    });
  });

  it('turns a feature into the POST /api/cards body', () => {
    const body = featureToCardBody({ ...feature(7, 'vertical'), secondary_tag: 'Monetization' }, 3, { x: 1, y: 2 });
    expect(body).toEqual({
      title: 'Feature 7',
      description: 'Short',
      detailedDescription: 'Long',
      position: { x: 1, y: 2 },
      game: 'Royal Match',
      gameLink: 'https://example.com/royal',
      tags: ['Monetization'],
      images: ['/api/storage/a.webp'],
      isBookmarked: 0,
      sectionId: null,
      boardId: 3,
      orientation: 'vertical',
    });
  });
});
