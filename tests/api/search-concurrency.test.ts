import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { createLlmClient } from '../../api/search/llm';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startFakeOpenAI, type FakeOpenAI } from './search-openai-server';

/**
 * The monthly limit under concurrent searches ("the limit is never exceeded"): requests that all pass
 * the early check while a slow model answers, plain concurrent requests, and requests from separate processes
 * on the same database file. Each accepted search leaves exactly one query row and its cards; each refused one
 * leaves nothing.
 */

type Row = Record<string, unknown>;
const one = async (t: TestApp, sql: string, ...params: unknown[]) => (await t.sql(sql, [...params]))[0] as Row;

async function newBoard(t: TestApp, cookie: string): Promise<number> {
  const res = await t.call('POST', '/api/boards', { cookie, json: { title: 'Untitled' } });
  return ((await res.json()) as { id: number }).id;
}

/** What the database says after a race: usage, queries, and that every card belongs to an accepted query. */
async function expectConsistent(t: TestApp, userId: number, boardId: number, accepted: number) {
  expect((await usersRepo.getById(t.db, userId))!.usageCount).toBe(accepted);
  expect((await one(t, 'select count(*) n from queries where user_id = ?', userId)).n).toBe(accepted);
  const cards = (await one(t, 'select count(*) n from cards where board_id = ?', boardId)).n;
  const recorded = (await one(t, 'select coalesce(sum(result_count), 0) n from queries where board_id = ?', boardId)).n;
  expect(cards).toBe(recorded);
}

describe('the monthly limit under concurrent searches, in one process', () => {
  let fake: FakeOpenAI;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake.close());
  afterEach(() => t?.close());

  it('ten searches that all pass the early check while the model is slow: exactly the limit (3) succeed', async () => {
    const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseUrl, LOOT_LLM_TIMEOUT_MS: '5000' };
    t = await createTestApp({
      env,
      extraDeps: { llm: createLlmClient(loadConfig({ LOOT_DATA_DIR: '.', ...env })) },
      catalogue: 'demo',
    });
    const plan = {
      tags: [{ category: 'Monetization', subTag: 'Offers' }],
      genres: [],
      tiers: [],
      games: [],
      keywords: [],
      sections: [{ title: 'Offers', tags: [], games: [], genres: [], keywords: [] }],
    };
    fake.reply(() => ({ content: JSON.stringify(plan), delayMs: 150 }));
    const { user, cookie } = await t.signIn(undefined, { monthlyLimit: 3, usageCount: 0 });
    const boardId = await newBoard(t, cookie);

    const statuses = await Promise.all(
      Array.from(
        { length: 10 },
        async () =>
          (await t.call('POST', '/api/gemini/process', { cookie, json: { query: 'offers', boardId } })).status,
      ),
    );
    // All ten reached the model: the early check let them through, the write transaction decided.
    expect(fake.requests.length).toBe(10);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 403)).toHaveLength(7);
    await expectConsistent(t, user.id, boardId, 3);
    // A safety net, not a target: alone about 5 s on PostgreSQL (the demo catalogue loaded, ten searches through the
    // model's 150 ms); on a loaded 2-core machine it once went past the default 30 s.
  }, 120_000);

  it('twelve offline searches fired together at limit − 2: exactly two succeed', async () => {
    t = await createTestApp({ catalogue: 'demo' });
    const { user, cookie } = await t.signIn(undefined, { monthlyLimit: 5, usageCount: 3 });
    const boardId = await newBoard(t, cookie);
    const statuses = await Promise.all(
      Array.from(
        { length: 12 },
        async () =>
          (await t.call('POST', '/api/gemini/process', { cookie, json: { query: 'season pass', boardId } })).status,
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
    expect((await usersRepo.getById(t.db, user.id))!.usageCount).toBe(5);
    expect((await one(t, 'select count(*) n from queries')).n).toBe(2);
  }, 120_000);
});

describe('the monthly limit under concurrent searches, across processes on one database file', () => {
  let t: TestApp;
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await t?.close();
  });

  it('four processes × four simultaneous searches at a limit of 5: exactly five succeed, the rest are refused and write nothing', async () => {
    t = await createTestApp({ catalogue: 'demo' });
    const { user, cookie } = await t.signIn(undefined, { monthlyLimit: 5, usageCount: 0 });
    const boardId = await newBoard(t, cookie);
    const worker = fileURLToPath(new URL('./search-concurrency-worker.ts', import.meta.url));
    const clockMs = String(t.deps.clock.now().getTime());

    const ready: Promise<void>[] = [];
    const done: Promise<number[]>[] = [];
    for (let i = 0; i < 4; i++) {
      const child = fork(worker, [t.config.DATABASE_URL ?? t.config.dbFile, cookie, String(boardId), '4', clockMs], {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      const messages: unknown[] = [];
      const waiters: (() => void)[] = [];
      child.on('message', (m) => {
        messages.push(m);
        waiters.splice(0).forEach((w) => w());
      });
      const nth = (index: number) =>
        new Promise<unknown>((resolve, reject) => {
          const check = () => (messages.length > index ? resolve(messages[index]) : waiters.push(check));
          child.once('exit', (code) => messages.length <= index && reject(new Error(`worker exited with ${code}`)));
          check();
        });
      ready.push(nth(0).then(() => undefined));
      done.push(nth(1) as Promise<number[]>);
    }
    await Promise.all(ready);
    for (const child of children) child.send('go');
    const statuses = (await Promise.all(done)).flat();

    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(11);
    await expectConsistent(t, user.id, boardId, 5);
  }, 120_000);
});
