import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue } from '../../api/catalogue/catalogue-plan';
import { loadCatalogue } from '../../api/catalogue/load-catalogue';
import { processQueryResponse } from '#shared/schemas/search';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Through HTTP on the demo catalogue: a named genre, sub-genre or game (typos and aliases included) puts
 * its matches in the board's first section and nothing else there; the topic from elsewhere comes after in
 * sections that say where it is from; a scope with no match says so on the board and in the answer's notice.
 * Queries written for this test from the catalogue, not taken from the judged sets.
 */
const catalogue = readCatalogueDir().data;
const gameOf = new Map(catalogue.games.map((g) => [g.name, g]));
type Scope = { genre: string } | { subgenre: string } | { game: string };
const inScope = (scope: Scope, game: string) => {
  const g = gameOf.get(game)!;
  return 'game' in scope
    ? g.name === scope.game
    : 'subgenre' in scope
      ? g.subgenre === scope.subgenre
      : g.genre === scope.genre;
};
/** The catalogue's own features of a sub-tag inside a scope: what the first section must show. */
const catalogueMatches = (scope: Scope, subTag: string) =>
  catalogue.features
    .filter((f) => f.secondary_tag === subTag && inScope(scope, f.game))
    .map((f) => `${f.game} / ${f.feature_screen_name}`);

type Board = { notice: string | undefined; sections: { title: string; cards: string[] }[] };

/** Runs a query through HTTP on a new board and reads the board back: its sections, in order, with their cards. */
async function boardFor(t: TestApp, cookie: string, query: string): Promise<Board> {
  const boardId = (
    (await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Scope' } })).json()) as { id: number }
  ).id;
  const res = await t.call('POST', '/api/gemini/process', { cookie, json: { query, boardId } });
  expect(res.status).toBe(200);
  const body = processQueryResponse.parse(await res.json());
  const sections = await t.sql<{ id: number; title: string }>(
    'select id, title from sections where board_id = ? order by id',
    [boardId],
  );
  const cards = await t.sql<{ section_id: number; game: string; title: string }>(
    'select section_id, game, title from cards where board_id = ? order by id',
    [boardId],
  );
  return {
    notice: body.notice,
    sections: sections.map((s) => ({
      title: s.title,
      cards: cards.filter((c) => c.section_id === s.id).map((c) => `${c.game} / ${c.title}`),
    })),
  };
}

describe('a named scope is a constraint', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await loadCatalogue(t.db, planCatalogue(catalogue));
    cookie = (await t.signIn(undefined, { monthlyLimit: -1, planId: 3 })).cookie;
  });
  afterAll(() => t.close());

  const searchBoard = (query: string) => boardFor(t, cookie, query);

  it.each([
    // query, scope, the asked sub-tag, how the first section names the scope
    ['pvp modes in puzzle games', { genre: 'Puzzle' }, 'PvP', 'Puzzle games'],
    ['limited time events in cassino games', { genre: 'Casino' }, 'Limited Time Events', 'Casino games'],
    ['pvp in stategy games', { genre: 'Strategy' }, 'PvP', 'Strategy games'],
    ['sim games contests', { genre: 'Simulation' }, 'Competitions', 'Simulation games'],
    ['m3 obstacles', { subgenre: 'Match-3' }, 'Obstacles', 'Match-3 games'],
    ['slots coin packs', { subgenre: 'Slots' }, 'Currency Packs', 'Slots games'],
    ['hay day premium pass', { game: 'Hay Day' }, 'Season Pass', 'Hay Day'],
    ['subway missions', { game: 'Subway Surfers' }, 'Missions', 'Subway Surfers'],
  ] as [string, Scope, string, string][])(
    '"%s": the scope\'s matches first, alone in their section, the rest titled apart',
    async (query, scope, subTag, scopeWords) => {
      const board = await searchBoard(query);
      expect(catalogueMatches(scope, subTag).length, `${query}: the catalogue has a match`).toBeGreaterThan(0);
      const [first, ...later] = board.sections;
      expect(first.cards.length).toBeGreaterThan(0);
      for (const card of first.cards) expect(inScope(scope, card.split(' / ')[0]), `${query}: ${card}`).toBe(true);
      for (const match of catalogueMatches(scope, subTag)) expect(first.cards, query).toContain(match);
      expect(first.title).toMatch(
        new RegExp(`^${first.cards.length < 20 ? `${first.cards.length} .+ match(es)?` : '.+'} in ${scopeWords}$`),
      );
      // A scope word typed with a slip is said as read first ("Read “cassino” as “casino”.").
      expect(board.notice).toMatch(
        new RegExp(`^(Read “[^”]+” as “[^”]+”\\. )?${first.cards.length} .+ in ${scopeWords}, first on the board`),
      );
      // Every later section holding a card from outside the scope says where its cards are from.
      for (const s of later.filter((x) => x.cards.some((c) => !inScope(scope, c.split(' / ')[0])))) {
        expect(s.title, query).toMatch(
          /in other genres|in other \w+ games|outside |from other games|from games like |^More that mention|^More related/,
        );
      }
    },
  );

  it('a scope with nothing on the topic nor near it says so on the board and in the notice, and still shows the topic from elsewhere', async () => {
    const board = await searchBoard('tournaments in tower defense games');
    const td = { subgenre: 'Tower Defense' };
    // Nothing in the scope is a tournament, of its siblings under LiveOps, or says the word.
    expect(
      catalogue.features.filter(
        (f) =>
          inScope(td, f.game) &&
          (f.primary_tag === 'LiveOps' || /tournament/i.test(`${f.feature_screen_name} ${f.short_description}`)),
      ),
    ).toEqual([]);
    expect(board.notice).toBe(
      'Nothing in Tower Defense games matches Tournaments. The board shows Tournaments from elsewhere instead.',
    );
    expect(board.sections[0].title).toMatch(/^Tournaments.* in other genres \(none in Tower Defense games\)$/);
    expect(board.sections[0].cards.length).toBeGreaterThan(0);
  });

  it('a scope with nothing on the topic itself leads with its siblings of the topic and its screens that say it', async () => {
    // Match-3 has no Competitions screen, but Royal Match's King's Cup is a tournament (LiveOps · Tournaments).
    expect(catalogueMatches({ subgenre: 'Match-3' }, 'Competitions')).toEqual([]);
    const competitions = await searchBoard('competitions in match-3');
    expect(competitions.sections[0].title).toBe('Nearest to Competitions in Match-3 games');
    expect(competitions.sections[0].cards[0]).toBe("Royal Match / King's Cup");
    expect(competitions.sections[0].cards.every((c) => inScope({ subgenre: 'Match-3' }, c.split(' / ')[0]))).toBe(true);
    expect(competitions.notice).toMatch(/^Nothing in Match-3 games is Competitions itself; its \d+ nearest screens/);
    // Farming has no Seasonal Events screen, but Hay Day's Farm Pass has seasonal goals and The Valley is seasonal.
    expect(catalogueMatches({ subgenre: 'Farming' }, 'Seasonal Events')).toEqual([]);
    const seasonal = await searchBoard('seasonal events in farming games');
    expect(seasonal.sections[0].title).toBe('Nearest to Seasonal Events in Farming games');
    expect(seasonal.sections[0].cards).toEqual(expect.arrayContaining(['Hay Day / Farm Pass', 'Hay Day / The Valley']));
    expect(seasonal.sections[0].cards.every((c) => inScope({ subgenre: 'Farming' }, c.split(' / ')[0]))).toBe(true);
    for (const board of [competitions, seasonal])
      expect(board.sections.map((s) => s.title).join('\n')).not.toMatch(/\(none in /);
  });

  it('a scope with matches shows its own neighbours of the topic before any card from outside it', async () => {
    const board = await searchBoard('tournaments in match-3');
    const firstOutside = board.sections.findIndex((s) =>
      s.cards.some((c) => !inScope({ subgenre: 'Match-3' }, c.split(' / ')[0])),
    );
    const inside = board.sections.slice(0, firstOutside).flatMap((s) => s.cards);
    expect(inside[0]).toBe("Royal Match / King's Cup");
    expect(inside.length).toBeGreaterThan(1);
    expect(
      board.sections
        .slice(firstOutside)
        .flatMap((s) => s.cards)
        .some((c) => inScope({ subgenre: 'Match-3' }, c.split(' / ')[0])),
    ).toBe(false);
  });

  it('a scope word read with a slip is said in the notice, as typed and as read', async () => {
    expect((await searchBoard('limited time events in cassino games')).notice).toMatch(
      /^Read “cassino” as “casino”\. \d+ .+ in Casino games, first on the board/,
    );
    expect((await searchBoard('royl match boosters')).notice).toMatch(
      /^Read “royl match” as “Royal Match”\. \d+ .+ in Royal Match, first on the board/,
    );
  });

  it('a user who chose Russian reads the answer and the scope’s section titles in Russian', async () => {
    const { cookie: russian } = await t.signIn('ru-scope@example.com', { language: 'ru', monthlyLimit: -1, planId: 3 });
    const boardId = (
      (await (await t.call('POST', '/api/boards', { cookie: russian, json: { title: 'Scope' } })).json()) as {
        id: number;
      }
    ).id;
    const res = await t.call('POST', '/api/gemini/process', {
      cookie: russian,
      json: { query: 'm3 obstacles', boardId },
    });
    const answer = processQueryResponse.parse(await res.json());
    const [first] = await t.sql<{ title: string }>('select title from sections where board_id = ? order by id', [
      boardId,
    ]);
    // Genre and topic names are the catalogue's; the words around them are the user's language.
    expect(first.title).toMatch(/^Obstacles: \d+ совпадени[еяй] в играх Match-3$/);
    const found = first.title.match(/\d+/)![0];
    expect(answer.message).toMatch(/^Добавлен[о]? \d+ референс(а|ов)? в \d+ секци(и|ях)\. /);
    expect(answer.message).toContain(`Obstacles: ${found} совпадени`);
    expect(answer.notice).toMatch(new RegExp(`^Obstacles: ${found} совпадени[еяй] в играх Match-3, первыми на доске`));
    const none = await boardFor(t, russian, 'tournaments in tower defense games');
    expect(none.notice).toBe(
      'В играх Tower Defense ничего не подходит под тему Tournaments. Вместо этого на доске — Tournaments из других мест.',
    );
    expect(none.sections[0].title).toMatch(/ \(нет в играх Tower Defense\)$/);
    // The sections from elsewhere say where they are from in Russian too; only the catalogue's names stay as they are.
    expect(none.sections[0].title).toMatch(/^Tournaments.* (в других|из других|вне )/);
    for (const { title } of none.sections)
      expect(title).not.toMatch(
        /\b(in other|from other|from games like|outside|More|Other|mention|related references)\b/,
      );
  });

  it('a query that names no scope has no notice', async () => {
    expect((await searchBoard('loot boxes')).notice).toBeUndefined();
  });
});

describe("a game's short name that is an ordinary word of the catalogue", () => {
  // Golden Valley, added to the demo catalogue: ten other games' screens say "golden" (golden tickets, golden chests).
  const goldenValley = { ...catalogue.games.find((g) => g.name === 'Township')!, name: 'Golden Valley', isTop: false };
  const template = catalogue.features.find((f) => f.game === 'Township')!;
  const harvestContest = {
    ...template,
    game: 'Golden Valley',
    primary_tag: 'LiveOps',
    secondary_tag: 'Competitions',
    feature_screen_name: 'Harvest Contest',
    short_description: 'Farms race to deliver the most crops in a weekend; the top ten win seeds and decorations.',
    detailed_description:
      'Each contest names three crops. Every delivery scores points, and a live table shows the leading farms.',
  };
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await loadCatalogue(
      t.db,
      planCatalogue({
        ...catalogue,
        games: [...catalogue.games, goldenValley],
        features: [...catalogue.features, harvestContest],
      }),
    );
    cookie = (await t.signIn(undefined, { monthlyLimit: -1, planId: 3 })).cookie;
  });
  afterAll(() => t.close());

  it('is read as the word, not as the game', async () => {
    const board = await boardFor(t, cookie, 'golden rewards');
    expect(board.notice).toBeUndefined();
    const cards = board.sections.flatMap((s) => s.cards);
    expect(cards.filter((c) => !c.startsWith('Golden Valley / ')).length).toBeGreaterThan(1);
  });

  it('the full name still names the game', async () => {
    const board = await boardFor(t, cookie, 'golden valley competitions');
    expect(board.notice).toMatch(/ in Golden Valley, first on the board/);
    expect(board.sections[0].cards).toEqual(['Golden Valley / Harvest Contest']);
  });
});
