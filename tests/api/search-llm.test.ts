import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { createLlmClient } from '../../api/search/llm';
import { processQueryResponse } from '#shared/schemas/search';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startFakeOpenAI, type FakeOpenAI } from './search-openai-server';

/**
 * The LLM planner through the real `openai` SDK against a local server speaking the chat-completions format:
 * a valid plan shapes the board; an invalid plan, an error or a timeout falls back to the offline engine and the
 * query's provider says so; a refused request never reaches the model.
 */
/** The model timeout for the timeout test; the others get a generous one so a busy test machine never trips it. */
const TIMEOUT_MS = 500;

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

async function appWithLlm(timeoutMs = 10_000): Promise<TestApp> {
  const env = {
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fake.baseUrl,
    LOOT_LLM_MODEL: 'test-model',
    LOOT_LLM_TIMEOUT_MS: String(timeoutMs),
  };
  const llm = createLlmClient(loadConfig({ LOOT_DATA_DIR: '.', ...env }));
  const t = await createTestApp({ env, extraDeps: { llm }, catalogue: 'demo' });
  return t;
}

const tag = (category: string, subTag: string | null) => ({ category, subTag });
const midcoreGames: string[] = ['Clash of Clans', 'Brawl Stars', 'Clash Royale', 'PUBG Mobile', 'Call of Duty: Mobile'];
const noConstraint = { genres: [], games: [], tiers: [] };
const validPlan = {
  tags: [tag('Monetization', 'Season Pass'), tag('Monetization', 'Subscriptions')],
  keywords: ['premium track'],
  constraint: noConstraint,
  sections: [
    { title: 'Passes in midcore games', tags: [], games: midcoreGames, genres: [], keywords: [] },
    { title: 'Season passes', tags: [tag('Monetization', 'Season Pass')], games: [], genres: [], keywords: [] },
    {
      title: 'Subscriptions and VIP',
      tags: [tag('Monetization', 'Subscriptions')],
      games: [],
      genres: [],
      keywords: [],
    },
  ],
};

type Row = Record<string, unknown>;

describe('POST /api/gemini/process with an LLM configured', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
    fake.requests.length = 0;
  });

  async function run(query: string, patch: Record<string, unknown> = { monthlyLimit: 5 }) {
    const { user, cookie } = await t.signIn(undefined, patch);
    const board = await t.call('POST', '/api/boards', { cookie, json: { title: 'Untitled' } });
    const boardId = ((await board.json()) as { id: number }).id;
    const started = Date.now();
    const res = await t.call('POST', '/api/gemini/process', { cookie, json: { query, boardId } });
    return { res, user, boardId, elapsed: Date.now() - started };
  }
  const queryRow = async (id: number) => (await t.sql('select * from queries where id = ?', [id]))[0] as Row;
  const sectionTitles = async (boardId: number) =>
    ((await t.sql('select title from sections where board_id = ? order by id', [boardId])) as Row[]).map(
      (r) => r.title,
    );

  it('a valid plan shapes the board: its sections, catalogue cards only, provider llm:<model>', async () => {
    t = await appWithLlm();
    fake.reply(() => ({ content: JSON.stringify(validPlan) }));
    const { res, boardId } = await run('season passes and VIP subscriptions, midcore first');
    expect(res.status).toBe(200);
    const body = processQueryResponse.parse(await res.json());
    expect((await queryRow(body.queryId)).provider).toBe('llm:test-model');
    // The plan's sections in its order; cards that fit none of them (neighbouring tags) get one "More" section.
    const titles = await sectionTitles(boardId);
    expect(titles.slice(0, 3)).toEqual(['Passes in midcore games', 'Season passes', 'Subscriptions and VIP']);
    expect(titles.slice(3)).toEqual(titles.length > 3 ? ['More related references'] : []);
    const cards = (await t.sql(
      'select c.title, c.game, c.feature_id, s.title section from cards c join sections s on s.id = c.section_id where c.board_id = ?',
      [boardId],
    )) as Row[];
    expect(cards.length).toBeGreaterThanOrEqual(15);
    const known = async (featureId: unknown) =>
      (
        await t.sql(
          'select f.feature_screen_name title, g.name game from features f join games g on g.id = f.game_id where f.id = ?',
          [featureId],
        )
      )[0];
    for (const c of cards) expect(await known(c.feature_id)).toEqual({ title: c.title, game: c.game });
    const midcore = cards.filter((c) => c.section === 'Passes in midcore games');
    expect(midcore.length).toBeGreaterThan(0);
    expect(midcore.every((c) => midcoreGames.includes(c.game as string))).toBe(true);

    // What the model was asked: the configured model, a strict JSON-schema response, the query as the user's message.
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.headers.authorization).toBe('Bearer test-key');
    expect(request.body.model).toBe('test-model');
    expect(request.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'search_plan', strict: true },
    });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'season passes and VIP subscriptions, midcore first' });
    expect(messages[0].content).toContain('Season Pass');
    expect(messages[0].content).toContain('Royal Match');
  });

  it('a plan naming a genre gets the same constraint and reasons as the offline engine', async () => {
    t = await appWithLlm();
    const matchThreePlan = {
      tags: [tag('Monetization', 'Starter Pack')],
      keywords: [],
      constraint: { genres: ['Match-3'], games: [], tiers: [] },
      sections: [
        {
          title: 'Match-3 starter packs',
          tags: [tag('Monetization', 'Starter Pack')],
          games: [],
          genres: ['Match-3'],
          keywords: [],
        },
      ],
    };
    fake.reply(() => ({ content: JSON.stringify(matchThreePlan) }));
    const { res, boardId } = await run('starter pack in match-3');
    const body = processQueryResponse.parse(await res.json());
    expect((await queryRow(body.queryId)).provider).toBe('llm:test-model');
    expect(body.notice).toMatch(/^\d+ Starter Packs match(es)? in Match-3 games, first on the board/);
    const cards = (await t.sql(
      'select c.game, c.tags, c.reasons, s.title section from cards c join sections s on s.id = c.section_id where c.board_id = ? order by c.id',
      [boardId],
    )) as Row[];
    // The engine's scope section holds the match-3 starter pack (a constraint is the engine's to apply, whatever
    // sections the model proposed); other genres' cards only in sections that say so.
    expect(cards[0]).toMatchObject({
      game: 'Homescapes',
      section: expect.stringMatching(/^\d+ Starter Packs match(es)? in Match-3 games$/),
    });
    const match3 = new Set(['Candy Crush Saga', 'Royal Match', 'Homescapes', 'Gardenscapes']);
    for (const c of cards.filter((x) => !match3.has(x.game as string)))
      expect(c.section).toMatch(/ (in other (Puzzle games|genres)|outside Match-3)$/);
    // Every card says why, and what it says is true of the card.
    for (const c of cards) {
      const reasons = JSON.parse(c.reasons as string) as { kind: string; value: string }[];
      expect(reasons.length).toBeGreaterThan(0);
      for (const r of reasons)
        if (r.kind === 'tag') expect(r.value).toBe((JSON.parse(c.tags as string) as string[]).join('/'));
    }
    expect(JSON.parse(cards[0].reasons as string)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'genre', value: 'Puzzle/Match-3' }),
        expect.objectContaining({ kind: 'tag', value: 'Monetization/Starter Pack' }),
      ]),
    );
  });

  it.each([
    ['names a sub-tag the taxonomy lacks', { ...validPlan, tags: [tag('Monetization', 'Mega Chests')] }],
    ['names a genre that does not exist', { ...validPlan, constraint: { ...noConstraint, genres: ['Dating Sim'] } }],
    [
      'has the pre-issue-28 shape (genres, games and tiers beside the tags)',
      { ...validPlan, constraint: undefined, genres: [], games: [], tiers: [] },
    ],
    ['adds a field the schema does not have', { ...validPlan, cards: [{ title: 'Injected card' }] }],
    ['has no sections', { ...validPlan, sections: [] }],
    [
      'asks for nothing the catalogue has',
      {
        tags: [],
        keywords: [],
        constraint: { ...noConstraint, games: ['Not A Real Game'] },
        sections: [{ title: 'x', tags: [], games: [], genres: [], keywords: [] }],
      },
    ],
  ])('an invalid plan (%s) falls back to the offline engine', async (_name, plan) => {
    t = await appWithLlm();
    fake.reply(() => ({ content: JSON.stringify(plan) }));
    const { res, boardId } = await run('starter packs');
    expect(res.status).toBe(200);
    const body = processQueryResponse.parse(await res.json());
    expect((await queryRow(body.queryId)).provider).toBe('offline (llm fallback: invalid plan)');
    expect((await sectionTitles(boardId))[0]).toBe('Starter Packs');
    const titles = ((await t.sql('select title from cards where board_id = ?', [boardId])) as Row[]).map(
      (r) => r.title,
    );
    expect(titles).not.toContain('Injected card');
  });

  it('an answer that is not JSON falls back', async () => {
    t = await appWithLlm();
    fake.reply(() => ({ content: 'Sure! Here are some starter packs: ...' }));
    const { res } = await run('starter packs');
    expect((await queryRow(processQueryResponse.parse(await res.json()).queryId)).provider).toBe(
      'offline (llm fallback: invalid plan)',
    );
  });

  it('a timeout falls back after the configured time, with one request (no retries)', async () => {
    t = await appWithLlm(TIMEOUT_MS);
    fake.reply(() => ({ content: JSON.stringify(validPlan), delayMs: 20_000 }));
    const { res, elapsed, boardId } = await run('rewarded ads');
    expect(res.status).toBe(200);
    expect((await queryRow(processQueryResponse.parse(await res.json()).queryId)).provider).toBe(
      'offline (llm fallback: timeout)',
    );
    // Answered after the configured timeout, long before the model would have.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(10_000);
    expect((await sectionTitles(boardId))[0]).toMatch(/^Rewarded Video/);
    expect(fake.requests).toHaveLength(1);
  });

  it('an HTTP error falls back, with one request (no retries)', async () => {
    t = await appWithLlm();
    fake.reply(() => ({ status: 500, error: 'model overloaded' }));
    const { res } = await run('gacha');
    expect((await queryRow(processQueryResponse.parse(await res.json()).queryId)).provider).toBe(
      'offline (llm fallback: error)',
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('a user at the limit is refused before the model is asked', async () => {
    t = await appWithLlm();
    fake.reply(() => ({ content: JSON.stringify(validPlan) }));
    const { res, user } = await run('season pass', { monthlyLimit: 1, usageCount: 1 });
    expect(res.status).toBe(403);
    expect(fake.requests).toHaveLength(0);
    expect((await usersRepo.getById(t.db, user.id))!.usageCount).toBe(1);
  });

  it('a board deleted while the model thinks: 404, nothing written, the search not counted', async () => {
    t = await appWithLlm();
    let deleteBoard: () => void = () => {};
    fake.reply(() => {
      deleteBoard();
      return { content: JSON.stringify(validPlan), delayMs: 50 };
    });
    const { user, cookie } = await t.signIn(undefined, { monthlyLimit: 5 });
    const keep = await t.call('POST', '/api/boards', { cookie, json: { title: 'Keep' } });
    const doomed = (
      (await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Doomed' } })).json()) as { id: number }
    ).id;
    deleteBoard = () => void t.sql('delete from boards where id = ?', [doomed]);
    expect(keep.status).toBe(201);
    const res = await t.call('POST', '/api/gemini/process', {
      cookie,
      json: { query: 'season pass', boardId: doomed },
    });
    expect(res.status).toBe(404);
    expect((await usersRepo.getById(t.db, user.id))!.usageCount).toBe(0);
    expect((await t.sql('select count(*) n from queries'))[0]).toEqual({ n: 0 });
    expect((await t.sql('select count(*) n from cards'))[0]).toEqual({ n: 0 });
  });
});
