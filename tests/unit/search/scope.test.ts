import { describe, expect, it } from 'vitest';
import { emptyPlan, type SearchPlan } from '../../../api/search/plan';
import {
  askedTopic,
  BOARDS_WORTH,
  isConstrained,
  narrowestGenres,
  scopeName,
  scopeNotice,
  scopeSectionTitle,
} from '../../../api/search/scope';
import { RESULT_LIMITS } from '../../../api/search/sections';

/** What a query constrains its board to, and how the board and the panel say so in plain words. */
const plan = (patch: Partial<SearchPlan> = {}): SearchPlan => ({ ...emptyPlan(), ...patch });
const slots = { genre: 'Casino' as const, subgenre: 'Slots' };
const puzzle = { genre: 'Puzzle' as const, subgenre: null };
const vip = { primary: 'Monetization' as const, secondary: 'Subscriptions' };

describe('the scope of a query', () => {
  it('is what the query names: games, genres, sub-genres or tiers; a find-similar genre only prefers', () => {
    expect(isConstrained(plan())).toBe(false);
    expect(isConstrained(plan({ games: ['Hay Day'] }))).toBe(true);
    expect(isConstrained(plan({ genres: [slots] }))).toBe(true);
    expect(isConstrained(plan({ tiers: ['Midcore'] }))).toBe(true);
    expect(isConstrained(plan({ genres: [slots], softGenres: true }))).toBe(false);
  });

  it("reads a genre named beside one of its sub-genres as that sub-genre's family, and genres named alone as they are", () => {
    const casino = { genre: 'Casino' as const, subgenre: null };
    expect(narrowestGenres([slots, casino])).toEqual([slots]);
    expect(narrowestGenres([casino, slots])).toEqual([slots]);
    expect(narrowestGenres([puzzle, casino])).toEqual([puzzle, casino]);
    expect(narrowestGenres([puzzle, slots])).toEqual([puzzle, slots]);
  });

  it('is named the way a designer says it', () => {
    expect(scopeName(plan({ games: ['Hay Day'] }))).toBe('Hay Day');
    expect(scopeName(plan({ games: ['Hay Day', 'Township'] }))).toBe('Hay Day and Township');
    expect(scopeName(plan({ genres: [slots] }))).toBe('Slots games');
    expect(scopeName(plan({ genres: [puzzle, slots] }))).toBe('Puzzle and Slots games');
    expect(scopeName(plan({ tiers: ['Midcore'], genres: [{ genre: 'RPG', subgenre: null }] }))).toBe(
      'Midcore RPG games',
    );
  });

  it('titles the topic by the asked tags, else by the query words', () => {
    expect(askedTopic(plan({ tags: [vip] }))).toBe('Subscriptions');
    expect(
      askedTopic(
        plan({
          tags: [vip, { primary: 'Monetization', secondary: 'Piggy Bank' }, { primary: 'HUD', secondary: null }],
        }),
      ),
    ).toBe('Subscriptions, Piggy Bank and more');
    expect(askedTopic(plan({ keywords: ['stamina', 'timer'] }))).toBe('“stamina timer”');
  });
});

describe('the first section of a constrained board', () => {
  it("counts the scope's matches when they are fewer than a board's worth", () => {
    expect(BOARDS_WORTH).toBe(RESULT_LIMITS.min);
    const vipInSlots = plan({ tags: [vip], genres: [slots] });
    expect(scopeSectionTitle(vipInSlots, 1)).toBe('1 Subscriptions match in Slots games');
    expect(scopeSectionTitle(vipInSlots, 4)).toBe('4 Subscriptions matches in Slots games');
    expect(scopeSectionTitle(vipInSlots, BOARDS_WORTH)).toBe('Subscriptions in Slots games');
  });
});

describe("the search panel's notice", () => {
  const vipInSlots = plan({ tags: [vip], genres: [slots] });

  it('says how many matches the scope gave and that the rest comes from elsewhere', () => {
    expect(scopeNotice(vipInSlots, 2, 14)).toBe(
      '2 Subscriptions matches in Slots games, first on the board; 14 more after them, in sections that say what they are.',
    );
    expect(scopeNotice(vipInSlots, 25, 0)).toBe('25 Subscriptions matches in Slots games, first on the board.');
  });

  it('says when nothing in the scope matches, and whether the topic is shown from elsewhere', () => {
    expect(scopeNotice(vipInSlots, 0, 9)).toBe(
      'Nothing in Slots games matches Subscriptions. The board shows Subscriptions from elsewhere instead.',
    );
    expect(scopeNotice(vipInSlots, 0, 0)).toBe('Nothing in Slots games matches Subscriptions.');
  });

  it('is absent when the query names no scope, or only a scope (every card is then of it)', () => {
    expect(scopeNotice(plan({ tags: [vip] }), 10, 0)).toBeNull();
    expect(scopeNotice(plan({ genres: [slots] }), 20, 3)).toBeNull();
  });
});
