import { describe, expect, it } from 'vitest';
import type { GameInfo } from '../../../api/search/game-names';
import { emptyPlan, type SearchPlan } from '../../../api/search/plan';
import type { ScoredFeature } from '../../../api/search/score';
import {
  groupByPlannedSections,
  groupIntoSections,
  PER_GAME_CAP,
  pickResults,
  SECTION_LIMITS,
} from '../../../api/search/sections';
import type { TagRef } from '../../../api/search/vocabulary';
import { sectionsWithRelaxed } from '../../../api/search/relaxed-sections';

/** Picking and grouping are pure: these tests build scored features by hand. */
const game = (id: number, genre = 'Puzzle', subgenre = 'Match-3'): GameInfo => ({
  id,
  name: `Game ${id}`,
  genre,
  subgenre,
  tier: 'Casual',
  storeUrl: '',
  isTop: false,
});
let nextId = 1;
function feature(g: GameInfo, score: number, tag: string, extra: Partial<ScoredFeature> = {}): ScoredFeature {
  const [primaryTag, secondaryTag] = tag.split('/');
  return {
    id: nextId++,
    gameId: g.id,
    primaryTag,
    secondaryTag,
    title: '',
    game: g,
    score,
    topic: score,
    tagFit: 0,
    fittedTag: null,
    namedForQuery: false,
    text: 0,
    gameNamed: false,
    genreFit: 0,
    onTopic: 1,
    level: 0,
    inScope: false,
    exactTopic: true,
    titleMatch: false,
    speaksOfCategory: false,
    ...extra,
  };
}
const plan = (patch: Partial<SearchPlan> = {}): SearchPlan => ({ ...emptyPlan(), ...patch });
const starter: TagRef = { primary: 'Monetization', secondary: 'Starter Pack' };

describe('pickResults', () => {
  it('takes at least 20 and at most 30, the strong ones first', () => {
    const many = Array.from({ length: 50 }, (_, i) => feature(game(i), 10 - i * 0.01, 'Monetization/Offers'));
    expect(pickResults(many)).toHaveLength(30);
    // Only 5 features within a quarter of the best: still 20 (the board needs them), never more than exist.
    const steep = Array.from({ length: 40 }, (_, i) => feature(game(i), i < 5 ? 10 : 1, 'Monetization/Offers'));
    expect(pickResults(steep)).toHaveLength(20);
    expect(pickResults(steep.slice(0, 7))).toHaveLength(7);
    expect(pickResults([])).toEqual([]);
  });

  it(`keeps at most ${PER_GAME_CAP} per game, but not for a game the query names`, () => {
    const g1 = game(1);
    const ranked = [
      ...Array.from({ length: 8 }, () => feature(g1, 10, 'Monetization/Offers')),
      ...Array.from({ length: 30 }, (_, i) => feature(game(100 + i), 5, 'Monetization/Offers')),
    ];
    expect(pickResults(ranked).filter((f) => f.gameId === 1)).toHaveLength(PER_GAME_CAP);
    const named = ranked.map((f) => (f.gameId === 1 ? { ...f, gameNamed: true } : f));
    expect(pickResults(named).filter((f) => f.gameId === 1)).toHaveLength(8);
  });

  it('raises the cap step by step only when too few games are on topic to reach 20', () => {
    // Two strong features per game, then weak ones: 8 strong, so the board takes 20, which 4 games reach at 5 each.
    const ranked = [1, 2, 3, 4]
      .flatMap((g) =>
        Array.from({ length: 10 }, (_, i) => feature(game(g), i < 2 ? 10 : 1 - i * 0.01, 'Monetization/Offers')),
      )
      .sort((a, b) => b.score - a.score);
    const picked = pickResults(ranked);
    expect(picked).toHaveLength(20);
    expect(Math.max(...[1, 2, 3, 4].map((g) => picked.filter((f) => f.gameId === g).length))).toBe(5);
  });

  it("a named game with one screen on the topic: its screens that neighbour the topic come next, before other games' matches", () => {
    const named = game(1);
    const onTopic = { gameNamed: true, inScope: true, exactTopic: true, tagFit: 1 };
    const match = feature(named, 10, 'LiveOps/Limited Time Events', onTopic);
    // Of another tag, there for a word of the query (topic class 4): last on the board until now.
    const neighbour = feature(named, 4, 'Game Modes/Challenge Mode', {
      gameNamed: true,
      inScope: true,
      exactTopic: false,
      text: 0.5,
      onTopic: 0.5,
    });
    const others = Array.from({ length: 5 }, (_, i) =>
      feature(game(10 + i), 8, 'LiveOps/Limited Time Events', { level: 2, tagFit: 1 }),
    );
    const ids = (picked: ScoredFeature[]) => picked.map((f) => f.id);
    expect(ids(pickResults([match, ...others, neighbour]))).toEqual([match.id, neighbour.id, ...ids(others)]);
    // Two screens on the topic are a first section of the game's own: its neighbour follows it, still before any
    // other game's match (nothing outside a named scope comes before anything inside it).
    const second = feature(named, 9, 'LiveOps/Limited Time Events', onTopic);
    expect(ids(pickResults([match, second, ...others, neighbour]))).toEqual([
      match.id,
      second.id,
      neighbour.id,
      ...ids(others),
    ]);
  });

  it('a named game with one screen on the topic: its two screens that best mention it join them, too weak to count alone', () => {
    const named = game(1);
    const onTopic = { gameNamed: true, inScope: true, exactTopic: true, tagFit: 1 };
    const match = feature(named, 10, 'LiveOps/Limited Time Events', onTopic);
    // Below the relevance floor: off the board for any other query.
    const mention = (text: number) =>
      feature(named, text * 4, 'Game Modes/Challenge Mode', {
        gameNamed: true,
        inScope: true,
        exactTopic: false,
        text,
        onTopic: text,
      });
    const [best, next, third, faint] = [mention(0.3), mention(0.24), mention(0.2), mention(0.1)];
    const others = Array.from({ length: 5 }, (_, i) =>
      feature(game(10 + i), 8, 'LiveOps/Limited Time Events', { level: 2, tagFit: 1 }),
    );
    const ids = (picked: ScoredFeature[]) => picked.map((f) => f.id);
    expect(ids(pickResults([match, ...others, faint, third, next, best]))).toEqual([
      match.id,
      best.id,
      next.id,
      ...ids(others),
    ]);
    // A game with two screens on the topic has a first section of its own: a mention adds nothing to it.
    const second = feature(named, 9, 'LiveOps/Limited Time Events', onTopic);
    expect(ids(pickResults([match, second, ...others, best]))).toEqual([match.id, second.id, ...ids(others)]);
    // Nor does a screen of a game the query does not name.
    const unnamed = feature(game(2), 1.2, 'Game Modes/Challenge Mode', {
      inScope: true,
      exactTopic: false,
      text: 0.3,
      onTopic: 0.3,
    });
    expect(ids(pickResults([match, ...others, unnamed]))).toEqual([match.id, ...ids(others)]);
  });

  it('a scope with nothing on the topic itself: its screens of the asked category that say the topic strongly lead', () => {
    const moba = game(1, 'Strategy', 'MOBA');
    // "moba friend system": a social screen of the MOBA game whose text is about friends, though not tagged Friends.
    const relationships = feature(moba, 3.8, 'Social Features/Other', {
      inScope: true,
      exactTopic: false,
      tagFit: 0.2,
      text: 0.8,
      onTopic: 0.8,
    });
    const faint = feature(moba, 1.3, 'Social Features/Chat', {
      inScope: true,
      exactTopic: false,
      tagFit: 0.2,
      text: 0.3,
      onTopic: 0.3,
    });
    const otherCategory = feature(moba, 2, 'Monetization/Offers', {
      inScope: true,
      exactTopic: false,
      tagFit: 0,
      text: 0.9,
      onTopic: 0.9,
    });
    const friends = Array.from({ length: 5 }, (_, i) =>
      feature(game(10 + i, 'Puzzle'), 6, 'Social Features/Friends', { level: 2, tagFit: 1 }),
    );
    const ids = (picked: ScoredFeature[]) => picked.map((f) => f.id);
    const picked = ids(pickResults([...friends, relationships, faint, otherCategory]));
    // Its siblings under the same category and its screens whose text says the topic all come before other genres'.
    expect(picked.slice(0, 3)).toEqual([relationships.id, otherCategory.id, faint.id]);
    expect(picked.slice(3, 8)).toEqual(ids(friends));
    // When the scope has a screen on the topic itself, that is its first section; a mention of the scope follows it,
    // still before the other genres' matches.
    const own = feature(moba, 5, 'Social Features/Friends', { inScope: true, tagFit: 1 });
    const withOwn = ids(pickResults([...friends, own, relationships]));
    expect(withOwn).toEqual([own.id, relationships.id, ...ids(friends)]);
  });

  it('lets the games of a named sub-genre share the board evenly', () => {
    const td = game(1, 'Strategy', 'Tower Defense');
    const ranked = [
      ...Array.from({ length: 12 }, () => feature(td, 5, 'Core Gameplay/Basic Mechanics', { genreFit: 1 })),
      ...Array.from({ length: 30 }, (_, i) =>
        feature(game(10 + i, 'Strategy', '4X'), 1.5, 'Core Gameplay/Basic Mechanics', { genreFit: 0.3 }),
      ),
    ];
    expect(pickResults(ranked).filter((f) => f.gameId === 1)).toHaveLength(12);
  });
});

describe('a named game is a constraint', () => {
  it("puts the named game's own screens named for the asked words before other games' exact matches", () => {
    const named = { ...game(1), name: 'Royal Match' };
    const own = (score: number, tag: string, extra: Partial<ScoredFeature>) =>
      feature(named, score, tag, { gameNamed: true, exactTopic: false, ...extra });
    const shop = feature(named, 9, 'Monetization/Shop', { gameNamed: true, tagFit: 1 });
    const pass = own(1.4, 'Monetization/Season Pass', { tagFit: 0.2, onTopic: 0.2 });
    const titled = own(4.5, 'LiveOps/Competitions', { onTopic: 0.75, text: 0.75, titleMatch: true });
    const mentionOnly = own(4.6, 'LiveOps/Other', { onTopic: 0.77, text: 0.77, titleMatch: false });
    const others = Array.from({ length: 10 }, (_, i) =>
      feature(game(10 + i), 5, 'Monetization/Shop', { tagFit: 1, level: 2 }),
    );
    const picked = pickResults([shop, mentionOnly, titled, ...others, pass]).map((f) => f.id);
    expect(picked.slice(0, 2)).toEqual([shop.id, titled.id]);
    // The named game's other screens of the category come next, then its screen that only mentions the words in
    // its description, all before other games' shops (the game is what was asked about).
    expect(picked.slice(2, 4)).toEqual([pass.id, mentionOnly.id]);
    const sections = sectionsWithRelaxed(
      pickResults([shop, mentionOnly, titled, ...others, pass]),
      plan({ tags: [{ primary: 'Monetization', secondary: 'Shop' }], games: ['Royal Match'] }),
      () => '',
    );
    expect(sections.map((s) => s.title)).toEqual([
      '2 Shop matches in Royal Match',
      'More Season Pass from Royal Match',
      'More related references in Royal Match',
      'Shop from other games',
    ]);
  });
});

describe('relaxed sections: a neighbouring tag counts as on topic only when the text backs it', () => {
  const match3Plan = plan({ tags: [starter], genres: [{ genre: 'Puzzle', subgenre: 'Match-3' }], keywords: ['first'] });
  const m3 = game(1);
  const near = game(2, 'Puzzle', 'Match-3D');
  const far = game(3, 'Casino', 'Slots');
  const card = (g: GameInfo, tag: string, level: 0 | 1 | 2, extra: Partial<ScoredFeature> = {}) =>
    feature(g, 3 - level, tag, {
      level,
      tagFit: tag === 'Monetization/Starter Pack' ? 1 : 0.4,
      exactTopic: tag === 'Monetization/Starter Pack',
      ...extra,
    });
  const exact = card(m3, 'Monetization/Starter Pack', 0, { text: 0.9 });
  const backed = card(m3, 'Monetization/Bundles', 0, { text: 0.3 });
  const tagOnly = card(m3, 'Monetization/Offers', 0, { text: 0 });
  const nearExact = card(near, 'Monetization/Starter Pack', 1, { text: 0.5 });
  const farExact = card(far, 'Monetization/Starter Pack', 2, { text: 0.5 });
  const farTagOnly = card(far, 'Monetization/Offers', 2, { text: 0.01 });
  const mention = card(far, 'Meta/Other', 2, { tagFit: 0, exactTopic: false, text: 0.6, onTopic: 0.6 });
  const all = [mention, farTagOnly, farExact, nearExact, tagOnly, backed, exact];

  it('fills the scope first, its matches then its neighbours by tag, and only then anything outside it', () => {
    const order = pickResults(all).map((f) => f.id);
    expect(order).toEqual([exact, backed, tagOnly, nearExact, farExact, farTagOnly, mention].map((f) => f.id));
  });

  it('titles every relaxed section for what was relaxed, and keeps the board within the section limit', () => {
    const sections = sectionsWithRelaxed(pickResults(all), match3Plan, () => '');
    const sectionOf = (f: ScoredFeature) => sections.find((s) => s.features.some((x) => x.id === f.id))!.title;
    // The scope's matches, its starter pack and the bundle its text backs, in one first section that
    // counts them (fewer than a board's worth).
    expect(sections[0].features.map((f) => f.id)).toEqual([exact.id, backed.id]);
    expect(sections[0].title).toBe('2 Starter Packs matches in Match-3 games');
    expect(sectionOf(nearExact)).toBe('Starter Packs in other Puzzle games');
    expect(sectionOf(farExact)).toBe('Starter Packs in other genres');
    expect(sectionOf(tagOnly)).toBe('More Offers in Match-3 games');
    expect(sectionOf(farTagOnly)).toBe('Offers outside Match-3');
    expect(sectionOf(mention)).toBe('More that mention “first”');
    expect(sections.length).toBeLessThanOrEqual(SECTION_LIMITS.max);
  });

  it('keeps the tag-only neighbours in two sections when there is room: in the constraint, and outside it', () => {
    const sections = sectionsWithRelaxed(pickResults([exact, tagOnly, farTagOnly]), match3Plan, () => '');
    expect(sections.map((s) => s.title)).toEqual([
      '1 Starter Packs match in Match-3 games',
      'More Offers in Match-3 games',
      'Offers outside Match-3',
    ]);
  });
});

describe('groupIntoSections', () => {
  it('groups a tag query by the asked-for tag first, then the neighbours, in rank order, titled for people', () => {
    const picked = [
      feature(game(1), 9, 'Monetization/Starter Pack', { tagFit: 1, fittedTag: starter }),
      feature(game(2), 8, 'Monetization/Starter Pack', { tagFit: 1, fittedTag: starter }),
      feature(game(3), 4, 'Monetization/Offers', { tagFit: 0.4, fittedTag: starter }),
      feature(game(4), 4, 'Monetization/Bundles', { tagFit: 0.4, fittedTag: starter }),
      feature(game(5), 3, 'Monetization/Offers', { tagFit: 0.4, fittedTag: starter }),
    ];
    const sections = groupIntoSections(picked, plan({ tags: [starter] }));
    expect(sections.map((s) => s.title)).toEqual(['Starter Packs', 'Offers', 'Bundles']);
    expect(sections[1].features.map((f) => f.gameId)).toEqual([3, 5]);
  });

  it('groups a query without tags by category', () => {
    const picked = ['Monetization/Shop', 'LiveOps/Tournaments', 'Monetization/Offers', 'Meta/Decoration'].map((t, i) =>
      feature(game(i), 5 - i, t),
    );
    expect(groupIntoSections(picked, plan({ keywords: ['x'] })).map((s) => s.title)).toEqual([
      'Monetization',
      'LiveOps',
      'Meta',
    ]);
  });

  it('a query of words only puts the screens named for them in a first section of their own, whatever their category', () => {
    const picked = [
      feature(game(1), 9, 'Meta/Notifications', { tagFit: 1, namedForQuery: true }),
      feature(game(2), 8, 'Monetization/Shop'),
      feature(game(3), 7, 'Social Features/Guilds & Teams', { tagFit: 1, namedForQuery: true }),
      feature(game(4), 6, 'LiveOps/Tournaments'),
      feature(game(5), 5, 'Core Gameplay/Lives', { tagFit: 1, namedForQuery: true }),
      feature(game(6), 4, 'Monetization/Offers'),
    ];
    const sections = groupIntoSections(picked, plan({ keywords: ['life'] }));
    expect(sections[0]).toMatchObject({ title: 'Named for “life”', features: [picked[0], picked[2], picked[4]] });
    expect(sections.slice(1).map((s) => s.title)).toEqual(['Monetization', 'LiveOps']);
  });

  it('inside the section of screens named for the query, a screen whose whole name is the query comes first', () => {
    const picked = [
      feature(game(1), 9, 'Meta/Notifications', { tagFit: 1, namedForQuery: true, title: 'Lives Full Notification' }),
      feature(game(2), 8, 'Social Features/Guilds & Teams', { tagFit: 1, namedForQuery: true, title: 'Team Lives' }),
      feature(game(3), 7, 'Core Gameplay/Lives', { tagFit: 1, namedForQuery: true, title: 'Lives' }),
      feature(game(4), 6, 'Monetization/Shop'),
      feature(game(5), 5, 'LiveOps/Tournaments'),
    ];
    expect(groupIntoSections(picked, plan({ keywords: ['life'] }))[0].features).toEqual([
      picked[2],
      picked[0],
      picked[1],
    ]);
    // Two words in either order: "refill energy" is the whole name of "Energy Refill".
    const refills = [
      feature(game(1), 9, 'Monetization/Offers', { tagFit: 1, namedForQuery: true, title: 'Free Energy Refill Ad' }),
      feature(game(2), 8, 'Monetization/Shop', { tagFit: 1, namedForQuery: true, title: 'Energy Refill' }),
      feature(game(3), 6, 'Meta/Other'),
      feature(game(4), 5, 'LiveOps/Tournaments'),
    ];
    expect(groupIntoSections(refills, plan({ keywords: ['refill', 'energy'] }))[0].features).toEqual([
      refills[1],
      refills[0],
    ]);
  });

  it(`never makes more than ${SECTION_LIMITS.max} sections: the tail becomes one "More …" section`, () => {
    const tags = [
      'Shop',
      'Offers',
      'Bundles',
      'Season Pass',
      'Subscriptions',
      'Loot Boxes',
      'Piggy Bank',
      'Currency Packs',
    ];
    const picked = tags.map((t, i) => feature(game(i), 10 - i, `Monetization/${t}`));
    const sections = groupIntoSections(picked, plan({ tags: [{ primary: 'Monetization', secondary: null }] }));
    expect(sections).toHaveLength(6);
    expect(sections.at(-1)!.title).toBe('More Monetization');
    expect(sections.at(-1)!.features).toHaveLength(3);
  });

  it(`splits to reach ${SECTION_LIMITS.min} sections: by genre, then by game`, () => {
    const byGenre = [
      ...[1, 2, 3].map((g) =>
        feature(game(g, 'Puzzle'), 5, 'Monetization/Season Pass', {
          tagFit: 1,
          fittedTag: { primary: 'Monetization', secondary: 'Season Pass' },
        }),
      ),
      ...[4, 5].map((g) =>
        feature(game(g, 'Strategy', '4X'), 4, 'Monetization/Season Pass', {
          tagFit: 1,
          fittedTag: { primary: 'Monetization', secondary: 'Season Pass' },
        }),
      ),
      ...[6, 7].map((g) =>
        feature(game(g, 'RPG', 'Idle RPG'), 3, 'Monetization/Season Pass', {
          tagFit: 1,
          fittedTag: { primary: 'Monetization', secondary: 'Season Pass' },
        }),
      ),
    ];
    const sections = groupIntoSections(
      byGenre,
      plan({ tags: [{ primary: 'Monetization', secondary: 'Season Pass' }] }),
    );
    expect(sections.map((s) => s.title)).toEqual([
      'Season Pass · Puzzle',
      'Season Pass · Strategy',
      'Season Pass · RPG',
    ]);

    const oneGenre = [1, 1, 2, 2, 3].map((g) => feature(game(g), 5, 'Core Gameplay/Boosters'));
    expect(groupIntoSections(oneGenre, plan({ keywords: ['x'] })).map((s) => s.title)).toEqual([
      'Core Gameplay · Game 1',
      'Core Gameplay · Game 2',
      'Core Gameplay · Game 3',
    ]);
  });

  it('says in the title what the query asked for when the whole section has it, and keeps titles unique', () => {
    const match3 = { genre: 'Puzzle' as const, subgenre: 'Match-3' };
    const picked = [
      feature(game(1), 9, 'Monetization/Starter Pack', { tagFit: 1, fittedTag: starter, genreFit: 1 }),
      feature(game(2, 'Strategy', '4X'), 8, 'Monetization/Offers', { tagFit: 0.4, fittedTag: starter }),
      feature(game(3), 7, 'Monetization/Bundles', { tagFit: 0.4, fittedTag: starter, genreFit: 1 }),
    ];
    expect(groupIntoSections(picked, plan({ tags: [starter], genres: [match3] })).map((s) => s.title)).toEqual([
      'Starter Packs in Match-3',
      'Offers',
      'Bundles in Match-3',
    ]);
  });

  it('makes no sections from nothing', () => {
    expect(groupIntoSections([], plan())).toEqual([]);
  });
});

describe('groupByPlannedSections (the LLM planner proposes the sections)', () => {
  it('puts each card in the first proposed section it fits; the rest go to one "More" section', () => {
    const g1 = game(1);
    const g2 = { ...game(2, 'Strategy', '4X'), name: 'Castle Game' };
    const picked = [
      feature(g1, 9, 'Monetization/Season Pass'),
      feature(g2, 8, 'Monetization/Season Pass'),
      feature(g1, 7, 'Monetization/Subscriptions'),
      feature(g1, 6, 'LiveOps/Tournaments'),
      feature(g2, 5, 'Meta/Decoration'),
    ];
    const text = new Map([[picked[3].id, 'Weekly cup with a leaderboard']]);
    const planned = plan({
      sections: [
        { title: 'Strategy passes', tags: [], games: ['Castle Game'], genres: [], keywords: [] },
        {
          title: 'Passes',
          tags: [{ primary: 'Monetization', secondary: 'Season Pass' }],
          games: [],
          genres: [],
          keywords: [],
        },
        {
          title: 'Subscriptions',
          tags: [{ primary: 'Monetization', secondary: null }],
          games: [],
          genres: [],
          keywords: [],
        },
        { title: 'Leaderboards', tags: [], games: [], genres: [], keywords: ['leaderboard'] },
      ],
    });
    const sections = groupByPlannedSections(picked, planned, (id) => text.get(id) ?? '');
    expect(sections.map((s) => [s.title, s.features.map((f) => f.score)])).toEqual([
      ['Strategy passes', [8, 5]],
      ['Passes', [9]],
      ['Subscriptions', [7]],
      ['Leaderboards', [6]],
    ]);
  });
});

describe('near genres: the closer genre and the asked-for sub-tag first', () => {
  it('among cards of a near genre, a near sub-genre comes before the same genre only, an exact sub-tag before its category', () => {
    const m3 = game(1);
    const match2 = game(2, 'Puzzle', 'Match-2');
    const merge = game(3, 'Puzzle', 'Merge');
    const own = feature(m3, 5, 'LiveOps/Tournaments', { tagFit: 0.7 });
    // The same-genre card scores higher (its text says "event" more often), yet the near sub-genre's comes first.
    const sameGenre = feature(merge, 4, 'LiveOps/Limited Time Events', { level: 1, genreFit: 0.3, tagFit: 0.7 });
    const nearGenre = feature(match2, 3, 'LiveOps/Tournaments', { level: 1, genreFit: 0.6, tagFit: 0.7 });
    expect(pickResults([own, sameGenre, nearGenre]).map((f) => f.id)).toEqual([own.id, nearGenre.id, sameGenre.id]);
    const nearCategory = feature(match2, 4, 'Monetization/Shop', { level: 1, genreFit: 0.6, tagFit: 0.7 });
    const sameGenreSubTag = feature(merge, 3, 'Monetization/Offers', { level: 1, genreFit: 0.3, tagFit: 1 });
    expect(pickResults([nearCategory, sameGenreSubTag]).map((f) => f.id)).toEqual([
      sameGenreSubTag.id,
      nearCategory.id,
    ]);
  });
});

describe("a whole category in a genre: the genre's screens that speak of it", () => {
  const monetization: TagRef = { primary: 'Monetization', secondary: null };
  const mergePlan = plan({ tags: [monetization], genres: [{ genre: 'Puzzle', subgenre: 'Merge' }] });
  const merge = game(1, 'Puzzle', 'Merge');
  const own = feature(merge, 5, 'Monetization/Offers', { tagFit: 0.7, genreFit: 1 });
  const speaks = feature(merge, 0.5, 'Meta/Other', {
    tagFit: 0,
    exactTopic: false,
    onTopic: 0.3,
    genreFit: 1,
    speaksOfCategory: true,
  });
  const otherPuzzle = feature(game(2, 'Puzzle', 'Word'), 3, 'Monetization/Shop', {
    tagFit: 0.7,
    level: 1,
    genreFit: 0.3,
  });

  it("come after the genre's own screens of the category, before other genres' ones, in the genre's first section", () => {
    const picked = pickResults([own, otherPuzzle, speaks]);
    expect(picked.map((f) => f.id)).toEqual([own.id, speaks.id, otherPuzzle.id]);
    const sections = sectionsWithRelaxed(picked, mergePlan, () => '');
    // Both are the scope's matches, in its one first section; other genres' come after, titled apart.
    expect(sections.map((s) => [s.title, s.features.map((f) => f.id)])).toEqual([
      ['2 Monetization matches in Merge games', [own.id, speaks.id]],
      ['Shop in other Puzzle games', [otherPuzzle.id]],
    ]);
  });

  it('stay off the board when a near sub-genre has screens of the category itself', () => {
    const nearGame = game(3, 'Puzzle', 'Match-3D');
    const m3 = game(4);
    const m3Own = feature(m3, 5, 'Monetization/Offers', { tagFit: 0.7, genreFit: 1 });
    const m3Speaks = feature(m3, 0.5, 'HUD/Other', {
      tagFit: 0,
      exactTopic: false,
      onTopic: 0.3,
      genreFit: 1,
      speaksOfCategory: true,
    });
    const near = feature(nearGame, 3, 'Monetization/Shop', { tagFit: 0.7, onTopic: 0.7, level: 1, genreFit: 0.6 });
    expect(pickResults([m3Own, near, m3Speaks]).map((f) => f.id)).toEqual([m3Own.id, near.id]);
  });
});
