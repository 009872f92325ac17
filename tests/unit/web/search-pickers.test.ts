import { describe, expect, it } from 'vitest';
import {
  ANY,
  EMPTY_SELECTION,
  contextLabel,
  contextNames,
  featuresLabel,
  toggleFeature,
  toggleGame,
  toggleGenre,
  toggleSuperGenre,
  type PickerSelection,
} from '../../../web/logic/search/picker-selection';
import { applyPickerChange, buildQueryText } from '../../../web/logic/search/query-text';

const sel = (over: Partial<PickerSelection>): PickerSelection => ({ ...EMPTY_SELECTION, ...over });

describe('features picker (spec accounts §2)', () => {
  it('toggles categories and sub-features by name', () => {
    let s = toggleFeature(EMPTY_SELECTION, 'Monetization');
    s = toggleFeature(s, 'Starter Packs');
    expect(s.features).toEqual(['Monetization', 'Starter Packs']);
    expect(toggleFeature(s, 'Monetization').features).toEqual(['Starter Packs']);
  });
  it("labels 'Select features', the single name, or 'N selected'", () => {
    expect(featuresLabel(EMPTY_SELECTION)).toBe('Select features');
    expect(featuresLabel(sel({ features: ['Season Pass'] }))).toBe('Season Pass');
    expect(featuresLabel(sel({ features: ['Season Pass', 'Bundles', 'Offers'] }))).toBe('3 selected');
  });
});

describe('genres & games picker exclusivity (spec accounts §4)', () => {
  it('starts on Any', () => {
    expect(EMPTY_SELECTION.superGenres).toEqual([ANY]);
    expect(contextLabel(EMPTY_SELECTION)).toBe('Any');
    expect(contextNames(EMPTY_SELECTION)).toEqual([]);
  });
  it('choosing a specific super-genre or genre removes Any', () => {
    expect(toggleSuperGenre(EMPTY_SELECTION, 'Casual').superGenres).toEqual(['Casual']);
    const g = toggleGenre(EMPTY_SELECTION, 'Match-3');
    expect(g.superGenres).toEqual([]);
    expect(g.genres).toEqual(['Match-3']);
    expect(toggleGame(EMPTY_SELECTION, 'Royal Match').superGenres).toEqual([]);
  });
  it('choosing Any clears every other context', () => {
    const busy = sel({
      superGenres: ['Midcore'],
      genres: ['Puzzle', 'Merge'],
      games: ['Royal Match'],
      features: ['Bundles'],
    });
    const any = toggleSuperGenre(busy, ANY);
    expect(any).toEqual({ features: ['Bundles'], superGenres: [ANY], genres: [], games: [] });
  });
  it('Any cannot be switched off by itself, and the last context removed falls back to Any', () => {
    expect(toggleSuperGenre(EMPTY_SELECTION, ANY).superGenres).toEqual([ANY]);
    const one = toggleGenre(EMPTY_SELECTION, 'Merge');
    expect(toggleGenre(one, 'Merge').superGenres).toEqual([ANY]);
    const chip = toggleSuperGenre(EMPTY_SELECTION, 'Midcore');
    expect(toggleSuperGenre(chip, 'Midcore').superGenres).toEqual([ANY]);
  });
  it('super-genres combine with each other and with genres', () => {
    let s = toggleSuperGenre(EMPTY_SELECTION, 'Casual');
    s = toggleSuperGenre(s, 'Hyper & Hybridcasual');
    s = toggleGenre(s, 'Match-3');
    expect(contextNames(s)).toEqual(['Casual', 'Hyper & Hybridcasual', 'Match-3']);
    expect(contextLabel(s)).toBe('3 selected');
    expect(contextLabel(toggleGame(EMPTY_SELECTION, 'Royal Match'))).toBe('Royal Match');
  });
});

describe('query text from the pickers (spec accounts §4 "Picker effect")', () => {
  it("builds 'features in genres'", () => {
    expect(buildQueryText(sel({ features: ['Starter Packs'], superGenres: [], genres: ['Match-3'] }))).toBe(
      'Starter Packs in Match-3',
    );
    expect(
      buildQueryText(
        sel({
          features: ['Starter Packs', 'Season Pass'],
          superGenres: ['Casual'],
          genres: ['Merge'],
          games: ['Royal Match'],
        }),
      ),
    ).toBe('Starter Packs, Season Pass in Casual, Merge, Royal Match');
    expect(buildQueryText(sel({ features: ['Bundles'] }))).toBe('Bundles');
    expect(buildQueryText(sel({ superGenres: [], genres: ['Match-3'] }))).toBe('Match-3');
    expect(buildQueryText(EMPTY_SELECTION)).toBe('');
  });

  it('replaces an empty query with the built text', () => {
    const next = toggleFeature(EMPTY_SELECTION, 'Starter Packs');
    expect(applyPickerChange({ query: '', autoText: '' }, EMPTY_SELECTION, next)).toEqual({
      query: 'Starter Packs',
      autoText: 'Starter Packs',
    });
    // whitespace only counts as empty
    expect(applyPickerChange({ query: '   ', autoText: '' }, EMPTY_SELECTION, next).query).toBe('Starter Packs');
  });

  it('keeps rewriting while the query still equals the auto-built text, removals included', () => {
    let prev = EMPTY_SELECTION;
    let state = { query: '', autoText: '' };
    const steps: [(s: PickerSelection) => PickerSelection, string][] = [
      [(s) => toggleFeature(s, 'Starter Packs'), 'Starter Packs'],
      [(s) => toggleGenre(s, 'Match-3'), 'Starter Packs in Match-3'],
      [(s) => toggleFeature(s, 'Piggy Bank'), 'Starter Packs, Piggy Bank in Match-3'],
      [(s) => toggleFeature(s, 'Starter Packs'), 'Piggy Bank in Match-3'],
      [(s) => toggleSuperGenre(s, ANY), 'Piggy Bank'],
    ];
    for (const [change, expected] of steps) {
      const next = change(prev);
      state = applyPickerChange(state, prev, next);
      expect(state.query).toBe(expected);
      prev = next;
    }
  });

  it('appends newly chosen names to an edited query, skipping names it already contains', () => {
    const prev = sel({ features: ['Starter Packs'] });
    const edited = { query: 'Starter Packs with a timer in match-3 games', autoText: 'Starter Packs' };
    const withGenre = toggleGenre(prev, 'Match-3');
    expect(applyPickerChange(edited, prev, withGenre)).toEqual(edited);
    const withGame = toggleGame(withGenre, 'Royal Match');
    expect(applyPickerChange(edited, withGenre, withGame)).toEqual({
      query: 'Starter Packs with a timer in match-3 games, Royal Match',
      autoText: 'Starter Packs',
    });
  });

  it('never cuts names out of an edited query when they are deselected', () => {
    const prev = sel({ features: ['Bundles', 'Offers'] });
    const edited = { query: 'Bundles, Offers for whales', autoText: 'Bundles, Offers' };
    expect(applyPickerChange(edited, prev, toggleFeature(prev, 'Offers'))).toEqual(edited);
  });

  it('appends after a trailing comma without doubling it', () => {
    const next = toggleFeature(EMPTY_SELECTION, 'Season Pass');
    expect(applyPickerChange({ query: 'rewards, ', autoText: '' }, EMPTY_SELECTION, next).query).toBe(
      'rewards, Season Pass',
    );
  });
});
