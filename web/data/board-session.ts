import type { QueryClient } from '@tanstack/react-query';
import { changesAnswer, type BoardChange, type BoardOpInput } from '#shared/schemas/board-ops';
import { CommandHistory } from '../commands/command-history';
import { bookmarkChanges, mergeChange, type LocalBoard } from '../logic/board-ops/merge-change';
import { predictOps } from '../logic/board-ops/predict-ops';
import { apiJson } from './api-client';
import { cachedBoard, storeBoard, storeBoardTitle } from './board-changes';
import { syncCachedBookmark } from './bookmarks.queries';
import { cardKeys, sectionKeys } from './query-keys';
import { SCREEN_ID } from './screen-id';
import type { Card } from './wire';

/**
 * One open board's state on this screen (ARCHITECTURE "Where board changes go"): the content version its cached
 * copy is at, the catch-up in flight, this screen's own writes in flight, the batches sent and not yet answered
 * over the board as the server last confirmed it, whether its card list is still streaming in, and whether it grew
 * through a change laid out elsewhere. The board's cards and sections themselves live in the react-query cache
 * (cardKeys.list, sectionKeys.list), which the engine is fed from; the session applies the server's changes to it
 * strictly in version order: a change that does not follow on from it makes the screen fetch what it missed
 * (GET /api/boards/:id/changes?since=), or the board again.
 *
 * Sessions live in one registry per screen (BoardSessions, owned by the query client, see query-client.ts): made
 * when a board is first read or written, dropped with the board's cached content.
 */

export type PendingBatch = { batchId: string; ops: readonly BoardOpInput[]; known: ReadonlyMap<number, Card> };

/** Where the session reads and writes the board's lists (the query cache; a test may hand its own). */
export type BoardStore = {
  read(boardId: number): LocalBoard;
  write(boardId: number, before: LocalBoard, after: LocalBoard): void;
};

export class BoardSession {
  /** The content version this screen's copy of the board is at (undefined: not known yet). */
  private knownVersion: number | undefined;
  /** One catch-up at a time; changes arriving meanwhile wait behind it. */
  private catchUpRun: Promise<void> | null = null;
  /** This screen's writes in flight on the board, until their answers are in the store. */
  private readonly ownWrites = new Set<Promise<unknown>>();
  /**
   * While batches of ours are pending: the board as the server last confirmed it, and the batches. The cache (what
   * the engine draws) is the confirmed board with the pending batches predicted on top.
   */
  private pending: { confirmed: LocalBoard; batches: PendingBatch[] } | null = null;
  /** The cached card list is still incomplete (a stream under way, or cut short): the next read streams again. */
  partial = false;
  /** The board grew through a change laid out elsewhere since the auto-layout last looked. */
  private grownElsewhere = false;

  constructor(
    readonly boardId: number,
    private readonly queryClient: QueryClient,
    private readonly registry: BoardSessions,
    private readonly store: BoardStore = {
      read: (id) => cachedBoard(queryClient, id),
      write: (id, before, after) => storeBoard(queryClient, id, before, after),
    },
  ) {}

  get version(): number | undefined {
    return this.knownVersion;
  }

  /** The board's cards were (re)loaded at `version` (the first content page says it). */
  setVersion(version: number): void {
    this.knownVersion = version;
    this.registry.versionSet(this.boardId);
  }

  /**
   * Marks a write of this screen in flight on the board until `write` settles (its answer applied). A version the
   * live stream announces meanwhile without its rows (a change over NOTIFY's 8 kB on PostgreSQL) is most likely
   * this write's, which its answer brings: the stream waits for it before fetching what it missed.
   */
  trackOwnWrite<T>(write: Promise<T>): Promise<T> {
    this.ownWrites.add(write);
    const settle = () => void this.ownWrites.delete(write);
    write.then(settle, settle);
    return write;
  }

  /** Resolves once every write of this screen in flight on the board has settled. */
  async ownWritesSettled(): Promise<void> {
    if (this.ownWrites.size > 0) await Promise.allSettled([...this.ownWrites]);
  }

  /** Notes that the board grew through a change laid out elsewhere (another screen, or the server's query). */
  noteRemoteGrowth(): void {
    this.grownElsewhere = true;
  }

  /** Whether the board grew elsewhere since the last call; the note is used up. */
  takeRemoteGrowth(): boolean {
    const grew = this.grownElsewhere;
    this.grownElsewhere = false;
    return grew;
  }

  // --- Pending batches and rebase ---

  private redraw(): void {
    const entry = this.pending;
    if (!entry) return;
    let board = entry.confirmed;
    for (const batch of entry.batches) board = predictOps(board, batch.ops, batch.known);
    this.store.write(this.boardId, this.store.read(this.boardId), board);
    if (entry.batches.length === 0) this.pending = null;
  }

  /** A batch about to be sent: the screen shows its predicted outcome at once. */
  addPending(batch: PendingBatch): void {
    this.pending ??= { confirmed: this.store.read(this.boardId), batches: [] };
    this.pending.batches.push(batch);
    this.redraw();
  }

  /** The batch is answered or refused: it is no longer predicted (its answer, if any, is in the confirmed board). */
  dropPending(batchId: string): void {
    const entry = this.pending;
    if (!entry) return;
    const at = entry.batches.findIndex((b) => b.batchId === batchId);
    if (at < 0) return;
    entry.batches.splice(at, 1);
    this.redraw();
  }

  /** The board as the server last confirmed it, while batches of ours are pending (undefined: none pending). */
  get confirmedBoard(): LocalBoard | undefined {
    return this.pending?.confirmed;
  }

  /**
   * A server change merged into the confirmed board: ours (`batchId`) stops being predicted, the others are
   * predicted again on top.
   */
  rebasePending(confirmed: LocalBoard, batchId: string | null): void {
    const entry = this.pending;
    if (!entry) return;
    entry.confirmed = confirmed;
    if (batchId !== null) entry.batches = entry.batches.filter((b) => b.batchId !== batchId);
    this.redraw();
  }

  /**
   * Our own change too large to be told row by row (an Organize of a very large board): its prediction, made with
   * the server's own function, becomes the confirmed board instead of loading the board again.
   */
  private confirmOwnPrediction(batchId: string | null): void {
    const entry = this.pending;
    const batch = entry?.batches.find((b) => b.batchId === batchId);
    if (!entry || !batch) return;
    this.rebasePending(predictOps(entry.confirmed, batch.ops, batch.known), batchId);
  }

  // --- Changes from the server, in version order ---

  private applyToCache(change: BoardChange, keepDetails: boolean): void {
    const queryClient = this.queryClient;
    if (change.screen !== SCREEN_ID) this.registry.otherScreensChange(change);
    // While batches of ours are pending the change goes under them: into the confirmed board, ours predicted on top.
    const confirmed = this.confirmedBoard;
    const before = confirmed ?? this.store.read(this.boardId);
    const after = mergeChange(before, change, { keepDetails });
    for (const card of bookmarkChanges(before, change)) syncCachedBookmark(queryClient, card);
    if (confirmed) this.rebasePending(after, change.batchId);
    else this.store.write(this.boardId, before, after);
    const grew = after.cards.length > before.cards.length || after.sections.length > before.sections.length;
    if (grew && change.screen !== SCREEN_ID) this.noteRemoteGrowth();
    if (change.board) storeBoardTitle(queryClient, this.boardId, change.board.title, change.board.autoLayoutDone);
    if (!keepDetails) for (const row of change.cards) queryClient.removeQueries({ queryKey: cardKeys.detail(row[0]), exact: true });
  }

  /**
   * Loads the board again: too much changed to tell it row by row (its first page then says its version). What it
   * brings was laid out by the screen that made it: noted before the new rows can render, withdrawn if nothing grew.
   */
  async reload(): Promise<void> {
    const queryClient = this.queryClient;
    this.knownVersion = undefined;
    this.pending = null;
    const before = this.store.read(this.boardId);
    this.noteRemoteGrowth();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: cardKeys.list(this.boardId), exact: true }),
      queryClient.invalidateQueries({ queryKey: sectionKeys.list(this.boardId), exact: true }),
    ]);
    const after = this.store.read(this.boardId);
    if (after.cards.length <= before.cards.length && after.sections.length <= before.sections.length) this.takeRemoteGrowth();
  }

  /** Fetches what the board's cache missed since its version and applies it in order (or loads the board again). */
  catchUp(): Promise<void> {
    if (this.catchUpRun) return this.catchUpRun;
    const run = (async () => {
      const since = this.knownVersion;
      if (since === undefined) return;
      const answer = changesAnswer.parse(await apiJson('GET', `/api/boards/${this.boardId}/changes?since=${since}`));
      if (answer.kind === 'reload') return this.reload();
      for (const change of answer.changes) {
        if (change.fromVersion !== this.knownVersion) continue;
        if (change.reload) {
          if (!isOwnLargeChange(change)) return this.reload();
          this.confirmOwnPrediction(change.batchId);
          this.knownVersion = change.version;
          continue;
        }
        this.applyToCache(change, false);
        this.knownVersion = change.version;
      }
    })().finally(() => {
      if (this.catchUpRun === run) this.catchUpRun = null;
    });
    this.catchUpRun = run;
    return run;
  }

  /**
   * A change the server applied, from this screen's own batch (`own`: its loaded details stay unless the batch
   * changed them) or from another screen. Applied when it follows on from the cached version; already-known ones are
   * skipped; a gap is filled from the change log first.
   */
  async receive(change: BoardChange, options: { own?: { keepDetails: boolean } } = {}): Promise<void> {
    await this.catchUpRun;
    const known = this.knownVersion;
    if (known !== undefined && change.version <= known) return;
    if (change.reload) {
      if (known === undefined || change.fromVersion !== known || !isOwnLargeChange(change)) return this.reload();
      this.confirmOwnPrediction(change.batchId);
      this.knownVersion = change.version;
      return;
    }
    if (known === undefined || change.fromVersion === known) {
      this.applyToCache(change, options.own?.keepDetails ?? false);
      // Unknown before: a board this screen has not loaded through its content (nothing to follow on from).
      if (known !== undefined) this.knownVersion = change.version;
      return;
    }
    await this.catchUp();
    // The log may have held it (it is then applied); if not, the answer's rows are the newest anyway.
    if ((this.knownVersion ?? -1) < change.version) this.applyToCache(change, false);
  }
}

/**
 * A change too large to tell row by row that this tab's own request made: an Organize or layout save of a large
 * board, which the command put into this tab's cache before it sent it. Loading thousands of cards again to see
 * what is on screen already would stall the board the user just arranged; every other screen does reload.
 */
function isOwnLargeChange(change: BoardChange): boolean {
  return change.reload && change.screen === SCREEN_ID;
}

/**
 * The screen's board sessions, one per board it has open or cached, and the screen's undo history (one for the
 * screen, not per board: a deleted board's Undo, or a card moved to another board, is undone from wherever the user
 * is). Built once with the query client and handed out through it (boardSessions in query-client.ts).
 */
export class BoardSessions {
  private readonly sessions = new Map<number, BoardSession>();
  private readonly versionListeners = new Set<(boardId: number) => void>();
  private readonly otherScreensListeners = new Set<(change: BoardChange) => void>();
  readonly history = new CommandHistory();

  constructor(private readonly queryClient: QueryClient) {}

  /** The board's session, made on first use (a board is opened, loaded, or written to). */
  session(boardId: number): BoardSession {
    let session = this.sessions.get(boardId);
    if (!session) {
      session = new BoardSession(boardId, this.queryClient, this);
      this.sessions.set(boardId, session);
    }
    return session;
  }

  /** The board's session if it has one (nothing is made). */
  existing(boardId: number): BoardSession | undefined {
    return this.sessions.get(boardId);
  }

  /** The board's cached content is gone (left long enough ago, deleted, reset): its session goes with it. */
  dispose(boardId: number): void {
    this.sessions.delete(boardId);
  }

  /** Every session and the history are forgotten (application reset, sign-out). */
  clear(): void {
    this.sessions.clear();
    this.history.clear();
  }

  /** Called whenever a board's known version is set from a load (the live stream starts following from it). */
  onVersionSet(listener: (boardId: number) => void): () => void {
    this.versionListeners.add(listener);
    return () => void this.versionListeners.delete(listener);
  }

  /** @internal Told by a session whose version was set from a load. */
  versionSet(boardId: number): void {
    for (const listener of this.versionListeners) listener(boardId);
  }

  /**
   * Calls `listener` with every change another screen made (another person, or this person's other tab), as it is
   * applied, before the board store has it: the board flashes its cards, a drag of a card it deletes ends.
   */
  onOtherScreensChange(listener: (change: BoardChange) => void): () => void {
    this.otherScreensListeners.add(listener);
    return () => void this.otherScreensListeners.delete(listener);
  }

  /** @internal Told by a session about to apply another screen's change. */
  otherScreensChange(change: BoardChange): void {
    for (const listener of this.otherScreensListeners) {
      try {
        listener(change);
      } catch (err) {
        console.error('A board change listener failed', err);
      }
    }
  }
}
