import http from 'node:http';
import { boardChange, changesAnswer, type BoardChange } from '#shared/schemas/board-ops';
import { clearHistory, execute, undo } from '../../web/commands/history';
import { dropCardsCommand } from '../../web/commands/section-moves';
import { cardFromRow, loadBoardCards } from '../../web/data/board-content';
import { LootQueryClient } from '../../web/data/query-client';
import { sectionsQuery } from '../../web/data/sections.queries';
import { cardKeys, sectionKeys } from '../../web/data/query-keys';
import type { Card, Section } from '../../web/data/wire';
import { organizeBoard } from '../../web/flows/organize';
import { mergeChange, type LocalBoard } from '../../web/logic/board-ops/merge-change';
import { SseParser } from '../helpers/sse-reader';
import type { LootServer } from '../e2e/fixtures';
import { expectOk, percentile, send } from './live-http';

/**
 * What one user action costs a live board, end to end: screen A acts through the web's own commands
 * (web/commands, web/flows/organize.ts: the batch they build, the prediction, runBoardOps, the answer merged into
 * the react-query cache), running in Node with every request A's data layer sends counted at its fetch; screen B
 * follows the board's event stream over HTTP and applies each change with the web's own pure merge
 * (web/logic/board-ops/merge-change.ts), fetching /changes where the stream sends a version only. Per action:
 *   - requests A sent to the ops door (POST /api/boards/:id/ops), counted at A's fetch;
 *   - versions added: the changes the board's log holds between its versions before and after the action
 *     (GET /changes?since=; a content version itself moves by one per row written, so its difference is no count);
 *   - streamed changes B received (`change`, `version` and `reload` events), each given to the action whose
 *     versions it carries, so a late one is still counted where it belongs;
 *   - the time from A's command starting until B's copy holds the version A's answer names. After each action
 *     (untimed), A's cache and B's copy are compared with the server's board (every card's section and position,
 *     every section's box): a difference fails the bench.
 */

export const ACTIONS = [
  'drop 1 card into a section',
  'undo of that drop',
  'drop 20 selected cards into a section',
  'undo of the 20-card drop',
  'organize',
  'undo of the organize',
] as const;
export type ActionName = (typeof ACTIONS)[number];

export type ActionResult = {
  action: ActionName;
  rounds: number;
  /** Per round. */
  requests: number[];
  versions: number[];
  streamed: number[];
  /** Requests B sent to catch up (GET /changes after a version-only event, or the board again). */
  bFetches: number[];
  p50: number;
  p95: number;
  max: number;
};

type Layout = {
  cards: [number, number | null, number, number][];
  sections: [number, number, number, number, number][];
};

function layoutOf(board: LocalBoard): Layout {
  return {
    cards: board.cards
      .map((c): Layout['cards'][number] => [c.id, c.sectionId ?? null, c.position.x, c.position.y])
      .sort((a, b) => a[0] - b[0]),
    sections: board.sections
      .map((s): Layout['sections'][number] => [s.id, s.position.x, s.position.y, s.size.width, s.size.height])
      .sort((a, b) => a[0] - b[0]),
  };
}

/** The board as the server has it now: every content page, its sections, and the version the first page names. */
async function serverBoard(base: string, boardId: number, cookie: string): Promise<LocalBoard & { version: number }> {
  const cards: Card[] = [];
  let version = -1;
  for (let cursor: number | null = 0; cursor !== null;) {
    const page = await expectOk(
      send(base, 'GET', `/api/boards/${boardId}/content?cursor=${cursor}&limit=20000`, { cookie }),
    );
    if (version < 0) version = page.version;
    for (const row of page.rows) cards.push(cardFromRow(row, boardId));
    cursor = page.nextCursor;
  }
  const sections = (await expectOk(send(base, 'GET', `/api/sections?boardId=${boardId}`, { cookie }))) as Section[];
  return { cards, sections, version };
}

function sameLayout(what: string, actual: LocalBoard, expected: LocalBoard): void {
  const a = JSON.stringify(layoutOf(actual));
  const e = JSON.stringify(layoutOf(expected));
  if (a !== e)
    throw new Error(`${what} differs from the server's board:\n  has ${a.slice(0, 400)}\n  server ${e.slice(0, 400)}`);
}

const streamAgent = new http.Agent({ keepAlive: false });

/** Screen B: the board from the server, then every change its event stream brings, applied in version order. */
class FollowingScreen {
  board!: LocalBoard;
  version = -1;
  fetches = 0;
  /** Every change-bearing event received: its kind and the version it brings the board to. */
  readonly heard: { kind: string; version: number }[] = [];
  private readonly reachedAt = new Map<number, number>();
  private waiters: { version: number; resolve: (at: number) => void }[] = [];
  private queue: Promise<void> = Promise.resolve();
  private request: http.ClientRequest | null = null;

  constructor(
    private readonly base: string,
    private readonly boardId: number,
    private readonly cookie: string,
  ) {}

  async open(): Promise<void> {
    await this.load();
    let ready!: () => void;
    let fail!: (err: Error) => void;
    const opened = new Promise<void>((resolve, reject) => {
      ready = resolve;
      fail = reject;
    });
    const parser = new SseParser((event) => {
      if (event.event === 'ready') ready();
      if (event.event !== 'change' && event.event !== 'version' && event.event !== 'reload') return;
      const data = JSON.parse(event.data) as { version: number };
      this.heard.push({ kind: event.event, version: data.version });
      this.queue = this.queue.then(() => this.take(event.event, data)).catch((err: unknown) => console.error(err));
    });
    this.request = http.get(
      new URL(`/api/boards/${this.boardId}/events?since=${this.version}`, this.base),
      { agent: streamAgent, headers: { cookie: this.cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) fail(new Error(`B's stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (text: string) => parser.feed(text));
      },
    );
    this.request.on('error', (err) => fail(err));
    await opened;
  }

  close(): void {
    this.request?.destroy();
  }

  /** Resolves with the moment B's copy reached `version` (at once when it already has). */
  reached(version: number): Promise<number> {
    const at = [...this.reachedAt].find(([v]) => v >= version)?.[1];
    if (at !== undefined) return Promise.resolve(at);
    return new Promise((resolve) => this.waiters.push({ version, resolve }));
  }

  private async load(): Promise<void> {
    const { version, ...board } = await serverBoard(this.base, this.boardId, this.cookie);
    this.board = board;
    this.moveTo(version);
  }

  private moveTo(version: number): void {
    this.version = version;
    const now = performance.now();
    this.reachedAt.set(version, now);
    for (const w of this.waiters.filter((w) => w.version <= version)) w.resolve(now);
    this.waiters = this.waiters.filter((w) => w.version > version);
  }

  private merge(change: BoardChange): boolean {
    if (change.version <= this.version) return true;
    if (change.fromVersion !== this.version || change.reload) return false;
    this.board = mergeChange(this.board, change, { keepDetails: false });
    this.moveTo(change.version);
    return true;
  }

  /** As the web's board store: a change that follows on is merged; anything else is fetched from /changes. */
  private async take(kind: string, data: { version: number }): Promise<void> {
    if (data.version <= this.version) return;
    if (kind === 'change' && this.merge(boardChange.parse(data))) return;
    if (kind === 'reload') {
      this.fetches += 1;
      return this.load();
    }
    this.fetches += 1;
    const answer = changesAnswer.parse(
      await expectOk(
        send(this.base, 'GET', `/api/boards/${this.boardId}/changes?since=${this.version}`, { cookie: this.cookie }),
      ),
    );
    if (answer.kind === 'reload' || !answer.changes.every((c) => this.merge(c))) {
      this.fetches += 1;
      await this.load();
    }
  }
}

/** Node's fetch as A's browser: relative URLs on A's instance with A's cookie, each request counted. */
function screenFetch(base: string, cookie: string) {
  const real = globalThis.fetch;
  const sent: { method: string; path: string }[] = [];
  let lastVersion = -1;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), base);
    const method = init?.method ?? 'GET';
    sent.push({ method, path: url.pathname });
    const res = await real(url, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), cookie, origin: base },
    });
    if (method === 'POST' && /\/ops$/.test(url.pathname) && res.ok)
      lastVersion = ((await res.clone().json()) as { change: { version: number } }).change.version;
    return res;
  }) as typeof fetch;
  return {
    sent,
    answeredVersion: () => lastVersion,
    restore: () => {
      globalThis.fetch = real;
    },
  };
}

let batches = 0;
const batchId = () => `actions-${process.pid}-${(batches += 1)}`;

/** A board of one section holding 4 cards and `loose` cards outside it, laid out once by the server. */
async function dropBoard(base: string, cookie: string, loose: number): Promise<{ boardId: number; sectionId: number }> {
  const board = await expectOk(send(base, 'POST', '/api/boards', { cookie }, { title: 'Drops' }));
  const ops = [
    { type: 'section.create', ref: 'target', section: { title: 'Target', color: '#DDE7FF' } },
    ...Array.from({ length: 4 }, (_, i) => ({
      type: 'card.create',
      card: { title: `In ${i}`, sectionRef: 'target', position: { x: 0, y: 0 } },
    })),
    ...Array.from({ length: loose }, (_, i) => ({
      type: 'card.create',
      card: { title: `Loose ${i}`, position: { x: 0, y: 0 } },
    })),
    { type: 'board.organize' },
  ];
  const { refs } = await expectOk(
    send(base, 'POST', `/api/boards/${board.id}/ops`, { cookie }, { batchId: batchId(), ops }),
  );
  return { boardId: board.id, sectionId: refs.target };
}

/** A board of `cards` cards in 10 sections, scattered where no layout would put them (Organize has work to do). */
async function organizeBoardOf(base: string, cookie: string, cards: number): Promise<number> {
  const board = await expectOk(send(base, 'POST', '/api/boards', { cookie }, { title: 'Organize' }));
  const ops = [
    ...Array.from({ length: 10 }, (_, s) => ({
      type: 'section.create',
      ref: `s${s}`,
      section: { title: `Section ${s}`, color: '#E2ECE9', position: { x: s * 900, y: 0 } },
    })),
    ...Array.from({ length: cards }, (_, i) => ({
      type: 'card.create',
      card: {
        title: `Card ${i}`,
        ...(i % 5 === 4 ? {} : { sectionRef: `s${i % 10}` }),
        position: { x: (i * 7919) % 20_000, y: (i * 104_729) % 15_000 },
      },
    })),
  ];
  await expectOk(send(base, 'POST', `/api/boards/${board.id}/ops`, { cookie }, { batchId: batchId(), ops }));
  return board.id;
}

type Sample = {
  boardId: number;
  requests: number;
  versions: number;
  from: number;
  to: number;
  ms: number;
  bFetches: number;
};

/**
 * Runs `rounds` of the six actions: A on `a`, B following on `b` (the same instance on SQLite; another one behind
 * PostgreSQL, so every change crosses the database's NOTIFY).
 */
export async function measureActions(
  a: LootServer,
  b: LootServer,
  cookie: string,
  options: { rounds: number; organizeCards: number },
): Promise<ActionResult[]> {
  const drops = await dropBoard(a.url, cookie, 21);
  const organizeId = await organizeBoardOf(a.url, cookie, options.organizeCards);
  const queryClient = new LootQueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetchA = screenFetch(a.url, cookie);
  const followers = new Map([drops.boardId, organizeId].map((id) => [id, new FollowingScreen(b.url, id, cookie)]));
  const samples = new Map<ActionName, Sample[]>(ACTIONS.map((name) => [name, []]));
  try {
    clearHistory(queryClient);
    for (const id of followers.keys()) {
      // A opens the board as the web does: its card pages and its sections into the cache.
      await loadBoardCards(queryClient, id, new AbortController().signal);
      await queryClient.fetchQuery(sectionsQuery(id));
      await followers.get(id)!.open();
    }
    const cardsOf = (id: number) => queryClient.getQueryData<Card[]>(cardKeys.list(id)) ?? [];

    let record = false;
    /** Each board's version as last read from the server (the previous action's outcome: nothing else writes). */
    const versionNow = new Map<number, number>();
    for (const id of followers.keys()) versionNow.set(id, (await serverBoard(a.url, id, cookie)).version);
    /** One action by A, timed until B holds its outcome, then both screens checked against the server. */
    const act = async (name: ActionName, boardId: number, run: () => Promise<boolean>) => {
      const follower = followers.get(boardId)!;
      const before = versionNow.get(boardId)!;
      const sentBefore = fetchA.sent.length;
      const fetchesBefore = follower.fetches;
      const started = performance.now();
      if (!(await run())) throw new Error(`${name}: A's command did nothing or was refused`);
      const target = fetchA.answeredVersion();
      const at = await follower.reached(target);
      const ms = at - started;
      const requests = fetchA.sent
        .slice(sentBefore)
        .filter((r) => r.method === 'POST' && r.path.endsWith('/ops')).length;
      const after = await serverBoard(b.url, boardId, cookie);
      const log = changesAnswer.parse(
        await expectOk(send(a.url, 'GET', `/api/boards/${boardId}/changes?since=${before}`, { cookie })),
      );
      if (log.kind !== 'changes' || log.version !== after.version)
        throw new Error(`${name}: the board's log does not tell the changes from ${before} to ${after.version}`);
      versionNow.set(boardId, after.version);
      sameLayout(`${name}: B's copy`, follower.board, after);
      sameLayout(
        `${name}: A's cache`,
        {
          cards: cardsOf(boardId),
          sections: queryClient.getQueryData<Section[]>(sectionKeys.list(boardId)) ?? [],
        },
        after,
      );
      if (record)
        samples.get(name)!.push({
          boardId,
          requests,
          versions: log.changes.length,
          from: before,
          to: after.version,
          ms,
          bFetches: follower.fetches - fetchesBefore,
        });
    };

    // A first round unrecorded (statements prepared, code paths warm), where there are enough rounds to spare it.
    const warmUp = options.rounds >= 5 ? 1 : 0;
    for (let round = 0; round < options.rounds + warmUp; round++) {
      record = round >= warmUp;
      const loose = cardsOf(drops.boardId).filter((c) => c.sectionId === null);
      const target = queryClient
        .getQueryData<Section[]>(sectionKeys.list(drops.boardId))!
        .find((s) => s.id === drops.sectionId)!;
      // Dropped on the section's first slot (the left half of its first card), as a drag ends there.
      const spot = { x: target.position.x + 40, y: target.position.y + 100 };
      const one = loose[round % loose.length];
      await act('drop 1 card into a section', drops.boardId, () =>
        execute(dropCardsCommand(queryClient, drops.boardId, [one.id], [spot], drops.sectionId), queryClient),
      );
      await act('undo of that drop', drops.boardId, () => undo(queryClient));
      // Twenty selected cards dragged together: each keeps its offset from the one under the pointer.
      const twenty = cardsOf(drops.boardId)
        .filter((c) => c.sectionId === null)
        .slice(0, 20);
      const lead = twenty[0].position;
      const points = twenty.map((c) => ({ x: spot.x + c.position.x - lead.x, y: spot.y + c.position.y - lead.y }));
      await act('drop 20 selected cards into a section', drops.boardId, () =>
        execute(
          dropCardsCommand(
            queryClient,
            drops.boardId,
            twenty.map((c) => c.id),
            points,
            drops.sectionId,
          ),
          queryClient,
        ),
      );
      await act('undo of the 20-card drop', drops.boardId, () => undo(queryClient));
      await act('organize', organizeId, () => organizeBoard(queryClient, organizeId, { record: true }));
      await act('undo of the organize', organizeId, () => undo(queryClient));
    }
  } finally {
    fetchA.restore();
    for (const f of followers.values()) f.close();
    clearHistory(queryClient);
    queryClient.clear();
  }

  return ACTIONS.map((name) => {
    const list = samples.get(name)!;
    const heard = (s: Sample) =>
      followers.get(s.boardId)!.heard.filter((e) => e.version > s.from && e.version <= s.to).length;
    const times = list.map((s) => s.ms);
    return {
      action: name,
      rounds: list.length,
      requests: list.map((s) => s.requests),
      versions: list.map((s) => s.versions),
      streamed: list.map(heard),
      bFetches: list.map((s) => s.bFetches),
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
    };
  });
}

/** "1" when every round counted the same, else "min–max". */
export function countCell(values: number[]): string {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}
