import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildGameIndex, type GameInfo } from '../../../api/search/game-names';
import { llmPlanSchema, PLAN_JSON_SCHEMA, toSearchPlan } from '../../../api/search/llm';

/** The LLM's answer is data: checked by zod against the taxonomy, mapped to catalogue names, never trusted. */
const demoGames: GameInfo[] = JSON.parse(
  fs.readFileSync(new URL('../../../assets/catalogue/games.json', import.meta.url), 'utf8'),
).map((g: Omit<GameInfo, 'id'>, i: number) => ({ ...g, id: i + 1 }));
const games = buildGameIndex(demoGames);
const section = { title: 'Passes', tags: [], games: [], genres: [], keywords: [] };
const valid = {
  tags: [
    { category: 'Monetization', subTag: 'Season Pass' },
    { category: 'LiveOps', subTag: null },
  ],
  keywords: ['premium track', 'Tiers!'],
  constraint: {
    genres: ['Match-3', 'Strategy'],
    tiers: ['Midcore'],
    games: ['Royal Match', 'royl match', 'clash of clans', 'Not In The Catalogue'],
  },
  sections: [{ ...section, title: 'Passes\u0000 in\n  puzzle games' }],
};

describe('llmPlanSchema', () => {
  it('accepts a plan in taxonomy terms', () => {
    expect(llmPlanSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['an unknown category', { ...valid, tags: [{ category: 'Gambling', subTag: null }] }],
    ['a sub-tag of another category', { ...valid, tags: [{ category: 'ADS', subTag: 'Season Pass' }] }],
    ['an unknown genre', { ...valid, constraint: { ...valid.constraint, genres: ['Dating Sim'] } }],
    ['a constraint with a field of its own', { ...valid, constraint: { ...valid.constraint, strict: true } }],
    ['no constraint', { ...valid, constraint: undefined }],
    ['an unknown genre inside a section', { ...valid, sections: [{ ...section, genres: ['Dating Sim'] }] }],
    ['an unknown tier', { ...valid, constraint: { ...valid.constraint, tiers: ['Hardcore'] } }],
    ['an extra field (cards are not the model’s to give)', { ...valid, cards: [] }],
    ['an extra field in a section', { ...valid, sections: [{ ...section, sql: 'drop table' }] }],
    ['no sections', { ...valid, sections: [] }],
    ['seven sections', { ...valid, sections: Array(7).fill(section) }],
    ['an empty section title', { ...valid, sections: [{ ...section, title: '   ' }] }],
    ['an 81-character title', { ...valid, sections: [{ ...section, title: 'x'.repeat(81) }] }],
    ['a missing field', { tags: [], keywords: [], constraint: { genres: [], games: [], tiers: [] } }],
  ])('refuses %s', (_name, plan) => {
    expect(llmPlanSchema.safeParse(plan).success).toBe(false);
  });
});

describe('toSearchPlan', () => {
  it("maps the constraint's names to the catalogue (exact, typo, alias), drops unknown games, folds keywords, cleans titles", () => {
    const plan = toSearchPlan(llmPlanSchema.parse(valid), games);
    expect(plan.tags).toEqual([
      { primary: 'Monetization', secondary: 'Season Pass' },
      { primary: 'LiveOps', secondary: null },
    ]);
    expect(plan.genres).toEqual([
      { genre: 'Puzzle', subgenre: 'Match-3' },
      { genre: 'Strategy', subgenre: null },
    ]);
    expect(plan.games).toEqual(['Royal Match', 'Clash of Clans']);
    expect(plan.tiers).toEqual(['Midcore']);
    // A constraint is a constraint: never a preference the engine may relax silently.
    expect(plan.softGenres).toBeUndefined();
    expect(plan.phrases).toEqual(['premium track']);
    expect(plan.keywords).toEqual(['tiers']);
    expect(plan.sections![0].title).toBe('Passes in puzzle games');
  });

  it('reads a genre given beside one of its sub-genres as that sub-genre, as the offline parser does', () => {
    const plan = toSearchPlan(
      llmPlanSchema.parse({ ...valid, constraint: { genres: ['Casino', 'Slots'], tiers: [], games: [] } }),
      games,
    );
    expect(plan.genres).toEqual([{ genre: 'Casino', subgenre: 'Slots' }]);
  });
});

describe('PLAN_JSON_SCHEMA (strict structured outputs)', () => {
  it('closes every object and requires every property, as strict mode demands', () => {
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const obj = node as Record<string, unknown>;
      if (obj.type === 'object') {
        expect(obj.additionalProperties).toBe(false);
        expect([...(obj.required as string[])].sort()).toEqual(Object.keys(obj.properties as object).sort());
      }
      for (const value of Object.values(obj)) visit(value);
    };
    visit(PLAN_JSON_SCHEMA);
  });
});
