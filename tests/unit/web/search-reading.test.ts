import { describe, expect, it } from 'vitest';
import type { QueryReading } from '#shared/schemas/search';
import { readingEdit } from '#shared/schemas/search';
import { ANY, toggleGame, toggleGenre, toggleSuperGenre } from '../../../web/logic/search/picker-selection';
import {
  asTyped,
  canRemove,
  sameScope,
  scopeOfSelection,
  selectionOfScope,
  withScope,
  withoutScopeItem,
  withoutTopic,
  type ShownReading,
} from '../../../web/logic/search/reading-edit';
import { editedPlan, freeWords, readingOf } from '../../../api/search/reading';
import { buildGameIndex } from '../../../api/search/game-names';
import { emptyPlan, type SearchPlan } from '../../../api/search/plan';

const reading = (over: Partial<QueryReading> = {}): QueryReading => ({
  topics: [{ key: 'tag:Monetization/Starter Pack', label: 'Starter Pack' }],
  scope: [{ kind: 'subGenre', name: 'Match-3' }],
  respelled: [],
  asTyped: false,
  ...over,
});
const shown = (over: Partial<QueryReading> = {}, edit: ShownReading['edit'] = null): ShownReading => ({
  query: 'starter pack in match-3',
  reading: reading(over),
  edit,
});

describe('a reading chip’s change, as the request it sends', () => {
  it('removing the scope keeps the topics and sends an empty scope (every genre and game)', () => {
    const edit = withoutScopeItem(shown(), { kind: 'subGenre', name: 'Match-3' });
    expect(readingEdit.parse(edit)).toEqual({ scope: [], dropTopics: [], asTyped: false });
  });

  it('removing one of two scope parts keeps the other', () => {
    const two = shown({
      scope: [
        { kind: 'subGenre', name: 'Match-3' },
        { kind: 'game', name: 'Royal Match' },
      ],
    });
    expect(withoutScopeItem(two, { kind: 'game', name: 'Royal Match' }).scope).toEqual([
      { kind: 'subGenre', name: 'Match-3' },
    ]);
  });

  it('a topic dropped earlier stays dropped when another is dropped or the scope changes', () => {
    const earlier = shown({}, { scope: [], dropTopics: ['word:pity'] });
    expect(withoutTopic(earlier, 'tag:Monetization/Starter Pack').dropTopics).toEqual([
      'word:pity',
      'tag:Monetization/Starter Pack',
    ]);
    const picked = withScope(earlier, toggleGame(selectionOfScope([]), 'Royal Match'));
    expect(picked).toEqual({
      scope: [{ kind: 'game', name: 'Royal Match' }],
      dropTopics: ['word:pity'],
      asTyped: false,
    });
  });

  it('a turned-down correction searches as typed, and stays so', () => {
    const typo = shown({ respelled: [{ from: 'leaderbords', to: 'leaderboards' }] });
    expect(asTyped(typo).asTyped).toBe(true);
    expect(withoutScopeItem(shown({ asTyped: true }), { kind: 'subGenre', name: 'Match-3' }).asTyped).toBe(true);
  });

  it('the last part of a reading cannot be taken away', () => {
    expect(canRemove(reading())).toBe(true);
    expect(canRemove(reading({ scope: [] }))).toBe(false);
  });
});

describe('a reading’s scope in the genre and game picker', () => {
  it('round-trips genres, sub-genres, games and tiers (as their super-genre chips)', () => {
    const scope = [
      { kind: 'genre' as const, name: 'Casino' },
      { kind: 'subGenre' as const, name: 'Match-3' },
      { kind: 'game' as const, name: 'Royal Match' },
      { kind: 'tier' as const, name: 'Midcore' },
    ];
    const selection = selectionOfScope(scope);
    expect(selection).toEqual({
      features: [],
      superGenres: ['Midcore'],
      genres: ['Casino', 'Match-3'],
      games: ['Royal Match'],
    });
    expect(sameScope(scopeOfSelection(selection), scope)).toBe(true);
  });

  it('no scope is the picker’s Any; picking a sub-genre there names it', () => {
    expect(selectionOfScope([]).superGenres).toEqual([ANY]);
    expect(scopeOfSelection(toggleGenre(selectionOfScope([]), 'Merge'))).toEqual([{ kind: 'subGenre', name: 'Merge' }]);
    expect(scopeOfSelection(toggleSuperGenre(selectionOfScope([{ kind: 'game', name: 'X' }]), ANY))).toEqual([]);
  });
});

describe('the server’s reading of a plan, and the plan a changed reading asks for', () => {
  const games = buildGameIndex([{ id: 1, name: 'Royal Match', genre: 'Puzzle', subgenre: 'Match-3' }] as never);
  const plan: SearchPlan = {
    ...emptyPlan(),
    tags: [{ primary: 'Monetization', secondary: 'Starter Pack' }],
    genres: [{ genre: 'Puzzle', subgenre: 'Match-3' }],
    keywords: ['starter', 'pity'],
    phrases: ['starter pack'],
  };

  it('topics are the tags and the free words; the scope is named as the panel shows it', () => {
    expect(freeWords(plan)).toEqual(['pity']);
    expect(readingOf(plan, [{ from: 'pitty', to: 'pity' }], false)).toEqual({
      topics: [
        { key: 'tag:Monetization/Starter Pack', label: 'Starter Pack' },
        { key: 'word:pity', label: 'pity' },
      ],
      scope: [{ kind: 'subGenre', name: 'Match-3' }],
      respelled: [{ from: 'pitty', to: 'pity' }],
      asTyped: false,
    });
  });

  it('an explicit scope replaces the one read; a dropped tag takes its words and phrases with it', () => {
    const edited = editedPlan(
      plan,
      { scope: [{ kind: 'game', name: 'Royal Match' }], dropTopics: ['tag:Monetization/Starter Pack'], asTyped: false },
      games,
    );
    expect(edited).toMatchObject({ tags: [], genres: [], games: ['Royal Match'], keywords: ['pity'], phrases: [] });
  });

  it('refuses a name the catalogue lacks, a topic not read, and a reading left empty', () => {
    const edit = (over: object) => ({ scope: [], dropTopics: [], asTyped: false, ...over });
    expect(() => editedPlan(plan, edit({ scope: [{ kind: 'tier', name: 'Hardcore' }] }), games)).toThrow(/Hardcore/);
    expect(() => editedPlan(plan, edit({ dropTopics: ['word:zebra'] }), games)).toThrow(/zebra/);
    expect(() => editedPlan(plan, edit({ dropTopics: ['tag:Monetization/Starter Pack', 'word:pity'] }), games)).toThrow(
      /nothing/,
    );
  });
});
