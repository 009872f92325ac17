import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { opsResult, type BoardChange } from '#shared/schemas/board-ops';
import type { Command } from '../../../web/commands/command';
import { execute, undo } from '../../../web/commands/history';
import { loadBoardCards } from '../../../web/data/board-content';
import { boardSessions, LootQueryClient } from '../../../web/data/query-client';
import { cardKeys, sectionKeys } from '../../../web/data/query-keys';
import type { Card } from '../../../web/data/wire';
import { routeFetchToApp } from '../../helpers/browser-fetch';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * One board session per board on a screen (web/data/board-session.ts), against the real API over a real SQLite
 * file: the browser's fetch goes to the Hono app with the user's cookie; another screen's changes are made through
 * the API directly.
 */
let t: TestApp;
let cookie: string;
let restoreFetch: () => void;
/** Every request the screen sent, as "METHOD path". */
let sent: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.signIn(undefined, { planId: 4 })).cookie;
  restoreFetch = routeFetchToApp(t, cookie, (request) => sent.push(request));
});
afterAll(async () => {
  restoreFetch();
  await t.close();
});

async function json<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await t.call(method, url, { cookie, json: body, headers: { origin: 'http://localhost' } });
  expect(res.ok, `${method} ${url} → ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

let qc: LootQueryClient;
let boardId: number;
let cardId: number;

/** Another screen moves the card: the change the server applied, as its stream would tell it. */
async function movedElsewhere(x: number): Promise<BoardChange> {
  const answer = await json('POST', `/api/boards/${boardId}/ops`, {
    batchId: `other-${x}`,
    ops: [{ type: 'card.move', id: cardId, position: { x, y: 20 } }],
  });
  return opsResult.parse(answer).change;
}

const cachedCard = () => qc.getQueryData<Card[]>(cardKeys.list(boardId))?.find((c) => c.id === cardId);

beforeEach(async () => {
  sent = [];
  qc = new LootQueryClient();
  boardId = (await json<{ id: number }>('POST', '/api/boards', { title: 'Session' })).id;
  cardId = (
    await json<Card>('POST', '/api/cards', { boardId, title: 'Shop', sectionId: null, position: { x: 10, y: 20 } })
  ).id;
  // The screen opens the board: its content (which says the version) and its sections.
  qc.setQueryData(sectionKeys.list(boardId), []);
  qc.setQueryData(cardKeys.list(boardId), await loadBoardCards(qc, boardId, new AbortController().signal));
});

describe('a board session', () => {
  it('is made when the board loads, at the version its content said, and tells the live stream', async () => {
    const told: number[] = [];
    boardSessions(qc).onVersionSet((id) => told.push(id));
    const session = boardSessions(qc).existing(boardId)!;
    const { version } = await json<{ version: number }>('GET', `/api/boards/${boardId}/content?limit=1`);
    expect(session.version).toBe(version);
    expect(session.partial).toBe(false);
    await loadBoardCards(qc, boardId, new AbortController().signal);
    expect(told).toEqual([boardId]);
  });

  it('applies changes in version order: a gap is fetched from the change log once, an old change is skipped', async () => {
    const session = boardSessions(qc).session(boardId);
    const first = await movedElsewhere(300);
    const second = await movedElsewhere(600);
    sent = [];
    // The second change heard first: the first is missing, so the log is read (once, however many ask).
    const running = session.receive(second);
    expect(session.catchUp()).toBe(session.catchUp());
    await running;
    expect(sent.filter((r) => r.includes('/changes?since='))).toEqual([
      `GET /api/boards/${boardId}/changes?since=${first.fromVersion}`,
    ]);
    expect(session.version).toBe(second.version);
    expect(cachedCard()?.position).toEqual({ x: 600, y: 20 });
    // The first one, heard late, is older than the copy: nothing changes, nothing is fetched.
    sent = [];
    await session.receive(first);
    expect(cachedCard()?.position).toEqual({ x: 600, y: 20 });
    expect(sent).toEqual([]);
  });

  it('waits for this screen’s own writes in flight before the live stream fetches what it missed', async () => {
    const session = boardSessions(qc).session(boardId);
    let answer!: () => void;
    const write = session.trackOwnWrite(new Promise<void>((resolve) => (answer = resolve)));
    let settled = false;
    const waiting = session.ownWritesSettled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    answer();
    await write;
    await waiting;
    expect(settled).toBe(true);
  });

  it('predicts a pending batch over the confirmed board and rebases it under a change from elsewhere', async () => {
    const session = boardSessions(qc).session(boardId);
    session.addPending({ batchId: 'ours', ops: [{ type: 'card.delete', id: cardId }], known: new Map() });
    expect(cachedCard()).toBeUndefined();
    expect(session.confirmedBoard?.cards.map((c) => c.id)).toEqual([cardId]);
    await session.receive(await movedElsewhere(900));
    expect(session.confirmedBoard?.cards[0]?.position).toEqual({ x: 900, y: 20 });
    expect(cachedCard()).toBeUndefined();
    session.dropPending('ours');
    expect(session.confirmedBoard).toBeUndefined();
    expect(cachedCard()?.position).toEqual({ x: 900, y: 20 });
  });

  it('notes growth laid out elsewhere once; reloads and goes with the board’s cached cards', async () => {
    const sessions = boardSessions(qc);
    const session = sessions.session(boardId);
    expect(session.takeRemoteGrowth()).toBe(false);
    session.noteRemoteGrowth();
    expect(session.takeRemoteGrowth()).toBe(true);
    expect(session.takeRemoteGrowth()).toBe(false);
    // Another board's session is its own.
    expect(sessions.session(boardId + 1000)).not.toBe(session);
    qc.removeQueries({ queryKey: cardKeys.list(boardId), exact: true });
    expect(sessions.existing(boardId)).toBeUndefined();
    expect(sessions.existing(boardId + 1000)).toBe(sessions.session(boardId + 1000));
  });
});

describe('the undo history', () => {
  /** A change of the test's own: a counter stepped up, undone by stepping it down. */
  const step = (counter: { n: number }, by: number): Command => ({
    label: 'Step',
    run: async () => {
      counter.n += by;
      return step(counter, -by);
    },
  });

  it('belongs to its screen: another screen has nothing to undo', async () => {
    const counter = { n: 0 };
    const other = new LootQueryClient();
    expect(await execute(step(counter, 1), qc)).toBe(true);
    expect(await undo(other)).toBe(false);
    expect(counter.n).toBe(1);
    expect(await undo(qc)).toBe(true);
    expect(counter.n).toBe(0);
  });
});
