import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { loadGameIndex, offlinePlan } from '../../api/search/engine';
import { runPlan } from '../../api/search/pipeline';
import type { GameIndex } from '../../api/search/game-names';
import { createLlmClient, type LlmPlan } from '../../api/search/llm';
import { processQueryResponse } from '#shared/schemas/search';
import type { JudgedQuery, JudgedScope, JudgedSet } from '../bench/search-metrics';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startFakeOpenAI, type ChatRequest, type FakeOpenAI } from './search-openai-server';

/**
 * The LLM planner follows the offline engine's contract. For every query of the blind set that
 * names a genre, sub-genre or game, the planner's test server answers as a model that reads the request right
 * would: the query's topic, and its scope as the structured constraint (blind.json's `scope`, the catalogue's
 * names). The board's first section must then be the offline engine's, card for card: the constraint is applied by
 * the engine, the same way whoever read the query. The server refuses a request whose answer format has no
 * constraint, so a planner that stopped asking for one fails here.
 */
const blind = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../search/blind.json'), 'utf8'),
) as JudgedSet;
const scoped = blind.queries.filter((q): q is JudgedQuery & { scope: JudgedScope } => q.scope !== undefined);

function constraintOf(scope: JudgedScope): LlmPlan['constraint'] {
  if ('game' in scope) return { genres: [], games: [scope.game], tiers: [] };
  return { genres: ['subgenre' in scope ? scope.subgenre : scope.genre], games: [], tiers: [] };
}

/** True when the request asks the model for the structured constraint (response format and instructions). */
function asksForConstraint(request: ChatRequest): boolean {
  const format = request.body.response_format as { json_schema?: { schema?: { required?: string[] } } } | undefined;
  const system = (request.body.messages as { role: string; content: string }[])[0]?.content ?? '';
  return (
    (format?.json_schema?.schema?.required ?? []).includes('constraint') && /constraint: .*first section/.test(system)
  );
}

describe('the LLM planner and the offline engine give the same first section for a named scope', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  let games: GameIndex;
  let cookie: string;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const env = {
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
      LOOT_LLM_MODEL: 'test-model',
      LOOT_LLM_TIMEOUT_MS: '10000',
    };
    t = await createTestApp({
      env,
      extraDeps: { llm: createLlmClient(loadConfig({ LOOT_DATA_DIR: '.', ...env })) },
      catalogue: 'demo',
    });
    games = await loadGameIndex(t.db);
    cookie = (await t.signIn(undefined, { monthlyLimit: -1, planId: 3 })).cookie;
    // The model's topic is the offline reading of each query, worked out before the fake answers (it answers at once).
    const topics = new Map(
      await Promise.all(scoped.map(async (q) => [q.query, await offlinePlan(t.db, q.query, games)] as const)),
    );
    fake.reply((request) => {
      if (!asksForConstraint(request)) return { status: 400, error: 'the answer format has no constraint' };
      const query = (request.body.messages as { content: string }[]).at(-1)!.content;
      const judged = scoped.find((q) => q.query === query)!;
      const topic = topics.get(query)!;
      const answer: LlmPlan = {
        tags: topic.tags.map((tag) => ({ category: tag.primary, subTag: tag.secondary })),
        keywords: [...topic.keywords, ...topic.phrases],
        constraint: constraintOf(judged.scope),
        sections: [{ title: 'What the model proposed', tags: [], games: [], genres: [], keywords: [] }],
      };
      return { content: JSON.stringify(answer) };
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it(`holds for all ${scoped.length} scoped blind queries`, async () => {
    expect(scoped.length).toBeGreaterThanOrEqual(40);
    for (const q of scoped) {
      const offline = (await runPlan(t.db, await offlinePlan(t.db, q.query, games), games)).sections[0];
      const board = (
        (await (await t.call('POST', '/api/boards', { cookie, json: { title: 'Blind' } })).json()) as { id: number }
      ).id;
      const res = await t.call('POST', '/api/gemini/process', { cookie, json: { query: q.query, boardId: board } });
      const body = processQueryResponse.parse(await res.json());
      expect(
        (await t.sql<{ provider: string }>('select provider from queries where id = ?', [body.queryId]))[0].provider,
        q.query,
      ).toBe('llm:test-model');
      const [first] = await t.sql<{ id: number; title: string }>(
        'select id, title from sections where board_id = ? order by id limit 1',
        [board],
      );
      const cards = await t.sql<{ feature_id: number }>(
        'select feature_id from cards where section_id = ? order by id',
        [first.id],
      );
      expect({ title: first.title, features: cards.map((c) => Number(c.feature_id)) }, q.query).toEqual({
        title: offline.title,
        features: offline.features.map((f) => f.id),
      });
    }
    // Two searches per query, 49 queries: about 15 s on PostgreSQL on CI's two cores, so the default 30 s is no
    // safety margin on a loaded machine.
  }, 120_000);

  it('a planner that stops asking for the constraint is caught by the server', () => {
    const request = {
      headers: {},
      body: {
        response_format: { json_schema: { schema: { required: ['tags', 'keywords', 'sections'] } } },
        messages: [{ role: 'system', content: '' }],
      },
    };
    expect(asksForConstraint(request)).toBe(false);
  });
});
