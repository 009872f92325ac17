import { isFreePlan } from '#shared/section-lock';
import type { BoardChange } from '#shared/schemas/board-ops';
import type { MemberRole } from '#shared/schemas/board-members';
import type { Db } from '../../db/client';
import { boardChangesRepo, type BoardChangeRow } from '../../db/repositories/board-changes.repo';
import type { BoardRow } from '../../db/repositories/boards.repo';
import { withTransaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import { conflict } from '../../errors';
import { encodeAnnouncement, type LiveEvent } from '../../live/board-event-hub';
import { announceBoardNotices, boardNotice } from '../../live/board-notices';
import { announceUserNews, boardMemberIds } from '../../live/user-news';
import { decideNewSectionLocks, type Viewer } from '../section-lock.service';
import { requestScreenId } from '../../net/request-screen';
import { usersRepo } from '../../db/repositories/users.repo';
import { personName, type BoardPerson } from '#shared/presence';
import { requireBoardAccess } from './board-access';
import { ChangeSet, readChange } from './change-set';
import { settleGaps } from './layout-ops';
import { LoopTurns } from './loop-turns';

/** `layoutWorker`: where a large Organize is laid out; without one (a bare caller) it is laid out in the loop. */
export type OpsDeps = Pick<AppDeps, 'db' | 'clock' | 'eventHub'> & Partial<Pick<AppDeps, 'layoutWorker'>>;
/** What an announcement from inside a transaction needs: the process's hub, to hand it over itself on SQLite. */
export type AnnounceDeps = Pick<AppDeps, 'eventHub'>;

/**
 * One open write to a board: the transaction (`tx`, passed to every query: nothing in a write reaches `deps.db`),
 * the caller, the board (held), what the write has changed so far, and the refs its new rows got.
 */
export type BoardWrite = {
  readonly tx: Db;
  /** Who sends the write: the owner or an editor (team boards). */
  readonly author: Viewer;
  /** The board's owner with their plan: owner-scoped reads go through them, and their plan decides the lock. */
  readonly owner: Viewer;
  readonly board: BoardRow;
  readonly now: Date;
  readonly changes: ChangeSet;
  readonly refs: Map<string, number>;
  /**
   * Sections that lost or got back cards without being laid out (a delete, a restore): laid out again from the
   * latest rows before the write ends, in the same change, so no screen ever sees a hole (writeBoard).
   */
  readonly gaps: Set<number>;
  /** Cards put back at their old place in this write: they take their slot before a card that moved up into it. */
  readonly restored: Set<number>;
  /** Another board of the user this write also changes (a card moved there), opened once, in the same transaction. */
  otherBoard(boardId: number): Promise<BoardWrite>;
};

export type BoardWriteResult<T> = { result: T; change: BoardChange; refs: Record<string, number> };

/** A batch id seen before: its stored answer is given again and nothing is applied. */
class AlreadyApplied extends Error {
  constructor(readonly row: BoardChangeRow) {
    super('batch already applied');
  }
}

/**
 * The one door of every change to an existing board's content (ARCHITECTURE "Where board changes go"):
 * ops batches, the spec's REST routes, a query's results, own-image uploads all write through here. In ONE
 * transaction: the board is checked and held, its content version is bumped (locking its version row, so batches on
 * one board run one after another), `work` runs with `tx`, new sections get their free-plan lock decision, and the
 * change (the rows as they are now, a free owner's hidden cards left out) is logged with the versions before and
 * after and announced. After the commit every open screen of the board receives it.
 *
 * `batchId`: the client's id for the batch; one already applied is answered from the log, applying nothing.
 * `lockFirst`: locks the write takes before the board's (ADR 0008's order: the user's row before board rows), such
 * as an upload's quota check.
 */
export async function writeBoard<T>(
  deps: OpsDeps,
  user: Viewer,
  boardId: number,
  work: (w: BoardWrite) => Promise<T>,
  options: { batchId?: string; lockFirst?: (tx: Db) => Promise<void> } = {},
): Promise<BoardWriteResult<T>> {
  const events: LiveEvent[] = [];
  const screen = requestScreenId();
  let outcome: BoardWriteResult<T>;
  try {
    outcome = await withTransaction(deps.db, async (tx) => {
      const opened = new Map<number, BoardWrite>();
      const open = async (id: number): Promise<BoardWrite> => {
        const known = opened.get(id);
        if (known) return known;
        const { board, owner } = await requireBoardAccess(tx, user, id, 'write');
        const fromVersion = await boardChangesRepo.openBatch(tx, id);
        const write: BoardWrite & { fromVersion: number } = {
          tx,
          author: user,
          owner,
          board,
          now: deps.clock.now(),
          changes: new ChangeSet(),
          refs: new Map(),
          gaps: new Set(),
          restored: new Set(),
          fromVersion,
          otherBoard: open,
        };
        opened.set(id, write);
        return write;
      };
      await options.lockFirst?.(tx);
      const main = await open(boardId);
      const author = await authorOf(tx, user);
      if (options.batchId) {
        const earlier = await boardChangesRepo.findBatch(tx, user.id, options.batchId);
        if (earlier) throw new AlreadyApplied(earlier);
      }
      const result = await work(main);
      // Deletes, restores and moves out leave gaps on whichever board they touched: each board this write opened lays
      // those sections out again from its latest rows, in the same change, so no screen ever sees a hole.
      const turns = new LoopTurns();
      for (const write of opened.values()) await settleGaps(write, turns);
      let mainChange: BoardChange | null = null;
      for (const write of opened.values()) {
        const { changes } = write;
        if (changes.sectionsCreated) await decideNewSectionLocks(tx, write.board.id);
        // A renamed board is renamed in the lists of everyone on it, on every screen of theirs.
        if (changes.title !== null && changes.title !== write.board.title)
          await announceUserNews(deps, tx, [write.owner.id, ...(await boardMemberIds(tx, write.board.id))], 'boards');
        const forFreePlan = isFreePlan(write.owner.planId);
        const { fromVersion } = write as BoardWrite & { fromVersion: number };
        const version = await boardChangesRepo.version(tx, write.board.id);
        const batchId = write === main ? (options.batchId ?? null) : null;
        const change = await readChange(tx, write.board.id, changes, {
          fromVersion,
          version,
          batchId,
          forFreePlan,
          screen,
          author,
        });
        await boardChangesRepo.record(tx, {
          boardId: write.board.id,
          userId: user.id,
          batchId,
          fromVersion,
          toVersion: version,
          change: JSON.stringify(change),
          refs: JSON.stringify(Object.fromEntries(write.refs)),
          forFreePlan: forFreePlan ? 1 : 0,
          createdAt: write.now,
        });
        const event: LiveEvent = { boardId: write.board.id, fromVersion, version, forFreePlan, change };
        // PostgreSQL delivers the NOTIFY at commit to every instance, this one included; SQLite's one process
        // hands the change over itself once the commit is done.
        if (!(await boardChangesRepo.announce(tx, encodeAnnouncement(event)))) events.push(event);
        if (write === main) mainChange = change;
      }
      return { result, change: mainChange!, refs: Object.fromEntries(main.refs) };
    });
  } catch (err) {
    if (!(err instanceof AlreadyApplied)) throw err;
    if (err.row.boardId !== boardId) throw conflict('board.batchIdReused');
    return {
      result: undefined as T,
      change: JSON.parse(err.row.change) as BoardChange,
      refs: JSON.parse(err.row.refs) as Record<string, number>,
    };
  }
  for (const event of events) deps.eventHub.deliver(event);
  return outcome;
}

/**
 * Who makes a write, as its change names them: the signed-in user's row already carries the name;
 * a caller that passed only the id and plan (a worker) costs one read by primary key.
 */
async function authorOf(tx: Db, user: Viewer): Promise<BoardPerson | null> {
  const known = user as Viewer & { email?: unknown; firstName?: unknown };
  if (typeof known.email === 'string')
    return {
      userId: user.id,
      name: personName({
        id: user.id,
        email: known.email,
        firstName: typeof known.firstName === 'string' ? known.firstName : null,
      }),
    };
  const row = await usersRepo.getById(tx, user.id);
  return row ? { userId: row.id, name: personName(row) } : null;
}

/**
 * Tells a removed member's open screens of the board that it is gone for them, from inside the transaction that
 * removes them (PostgreSQL: delivered at its commit to every instance): their streams close. Answers
 * what the caller delivers once it has committed on SQLite (null on PostgreSQL).
 */
export async function announceAccessEnded(
  deps: AnnounceDeps,
  tx: Db,
  boardId: number,
  userId: number,
): Promise<(() => void) | null> {
  return announceBoardNotices(deps, tx, [boardNotice(boardId, { revokedUserId: userId })]);
}

/**
 * Tells a member's open screens of the board their new role, from inside the transaction that changes it: what
 * their screen offers follows at once (a viewer made editor may drag; an editor made viewer no longer can).
 * Answers what the caller delivers once it has committed on SQLite (null on PostgreSQL).
 */
export async function announceRoleChanged(
  deps: AnnounceDeps,
  tx: Db,
  boardId: number,
  userId: number,
  role: MemberRole,
): Promise<(() => void) | null> {
  return announceBoardNotices(deps, tx, [boardNotice(boardId, { roleChange: { userId, role } })]);
}

/**
 * Tells the board's open screens it is gone, from inside the transaction that deletes it (PostgreSQL: delivered at
 * its commit). Answers what the caller delivers once it has committed on SQLite (null on PostgreSQL).
 */
export async function announceBoardGone(deps: AnnounceDeps, tx: Db, boardId: number): Promise<(() => void) | null> {
  return announceBoardNotices(deps, tx, [boardNotice(boardId, { gone: true })]);
}
