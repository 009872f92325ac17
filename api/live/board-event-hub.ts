import type { BoardChange } from '#shared/schemas/board-ops';
import { memberRole, type MemberRole } from '#shared/schemas/board-members';
import { liveUserNewsItem, type LiveUserNewsItem } from '#shared/schemas/live';
import type { Db } from '../db/client';
import { isPostgres } from '../db/postgres';
import { listenToChannel } from '../db/postgres-listen';
import { BOARD_CHANGES_CHANNEL } from '../db/repositories/board-changes.repo';
import { log } from '../ops/log';

/**
 * A board's content moved to `version`. `change` is what moved it, or null when only the version travelled (a
 * change too large for a NOTIFY's 8,000 bytes): a screen then fetches it (GET /api/boards/:id/changes).
 * `forFreePlan`: the change was filtered for a free owner (the section lock's hidden cards left out).
 */
export type LiveEvent = {
  boardId: number;
  fromVersion: number;
  version: number;
  forFreePlan: boolean;
  change: BoardChange | null;
  gone?: true;
  /** A member removed from the board: that user's streams of it close; no one else hears of it. */
  revokedUserId?: number;
  /** The owner changed a member's role: that user's streams of it hear their new role. */
  roleChange?: { userId: number; role: MemberRole };
  /** Who has the board open may have changed (a stream opened or closed somewhere): its streams read it again. */
  presence?: true;
  /** The owner's plan moved to or from one that locks sections: every screen of the board loads it again. */
  planChange?: { locksSections: boolean };
};
export type LiveListener = (event: LiveEvent) => void;

/**
 * A user's own news, for every signed-in screen of theirs (the board's stream or the user stream): `boards`, the
 * list of boards they are on or invited to changed (a board made, renamed, deleted or restored, an invitation
 * made, accepted or declined, a member added, removed or given a role); `account`, their plan or their month's
 * usage changed (a search counted, a plan change, a reset); `upgradeAsked`, a member of their board asks them to
 * upgrade, heard on whichever page of theirs is open (a message to a person, not a state to read again, so it
 * carries who asks and which board).
 */
export type UserNewsItem = LiveUserNewsItem;
export type UserNews = UserNewsItem['news'];
/** `screen`: the tab whose request made the news (it has its answer already), null when none did. */
export type UserNewsEvent = { userIds: number[]; item: UserNewsItem; screen: string | null };
export type UserNewsListener = (item: UserNewsItem, screen: string | null) => void;

/** PostgreSQL's limit on a NOTIFY payload is 8,000 bytes; past this the change goes as its version only. */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7_900;

/**
 * Every open screen of every board served by this process, and how changes reach them: on SQLite (one process) the
 * writer hands each committed change over itself (`deliver`); on PostgreSQL every instance LISTENs on one channel
 * and each committed batch's NOTIFY reaches all of them, the writer's own included (ARCHITECTURE: where board
 * changes go).
 */
export class BoardEventHub {
  private readonly listeners = new Map<number, Set<LiveListener>>();
  private readonly resyncs = new Set<() => void>();
  private readonly userListeners = new Map<number, Set<UserNewsListener>>();
  private listening: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  /**
   * Resolves once changes reach this process: at once on SQLite; on PostgreSQL when the LISTEN connection is up
   * (started on first use), so a screen is never told it has caught up while announcements could still pass it by.
   */
  ready(): Promise<void> {
    if (!isPostgres(this.db)) return Promise.resolve();
    this.listening ??= new Promise<void>((resolve) => {
      let reconnected = false;
      listenToChannel(this.db, BOARD_CHANGES_CHANNEL, {
        onNotify: (payload) => this.receive(payload),
        onListening: () => {
          resolve();
          // Changes announced while the connection was down were lost: every screen checks its board's version, and
          // hears that its user's news may have passed. (The first LISTEN lost nothing: no stream had started.)
          if (reconnected) this.resyncs.forEach((resync) => resync());
          reconnected = true;
        },
      });
    });
    return this.listening;
  }

  /** Calls `listener` with each change of the board from now on; answers the unsubscribe. */
  subscribe(boardId: number, listener: LiveListener, resync?: () => void): () => void {
    let set = this.listeners.get(boardId);
    if (!set) this.listeners.set(boardId, (set = new Set()));
    set.add(listener);
    if (resync) this.resyncs.add(resync);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(boardId) === set) this.listeners.delete(boardId);
      if (resync) this.resyncs.delete(resync);
    };
  }

  /**
   * Calls `listener` with each piece of the user's own news from now on (`resync`: the LISTEN connection came back,
   * news may have been lost); answers the unsubscribe.
   */
  subscribeUser(userId: number, listener: UserNewsListener, resync?: () => void): () => void {
    let set = this.userListeners.get(userId);
    if (!set) this.userListeners.set(userId, (set = new Set()));
    set.add(listener);
    if (resync) this.resyncs.add(resync);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.userListeners.get(userId) === set) this.userListeners.delete(userId);
      if (resync) this.resyncs.delete(resync);
    };
  }

  /** Hands a user's news to this process's screens of theirs. */
  deliverUser(event: UserNewsEvent): void {
    for (const userId of event.userIds)
      for (const listener of [...(this.userListeners.get(userId) ?? [])]) {
        try {
          listener(event.item, event.screen);
        } catch (err) {
          log.error({ err }, 'A user news listener failed');
        }
      }
  }

  /** How many screens listen here, on all boards (the live-streams gauge). */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  /** Hands a committed change to this process's screens of its board. */
  deliver(event: LiveEvent): void {
    const set = this.listeners.get(event.boardId);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (err) {
        log.error({ err }, 'A live listener failed');
      }
    }
  }

  private receive(payload: string) {
    let event: LiveEvent;
    try {
      const news = decodeUserNews(payload);
      if (news) return this.deliverUser(news);
      event = decodeAnnouncement(payload);
    } catch (err) {
      log.warn({ err }, 'Ignoring a malformed board change announcement');
      return;
    }
    this.deliver(event);
  }
}

/** The NOTIFY payload of a change: the change itself when it fits, else its board and versions only. */
export function encodeAnnouncement(event: LiveEvent): string {
  const head = {
    b: event.boardId,
    f: event.fromVersion,
    v: event.version,
    p: event.forFreePlan ? 1 : 0,
    ...(event.gone ? { g: 1 } : {}),
    ...(event.revokedUserId !== undefined ? { r: event.revokedUserId } : {}),
    ...(event.presence ? { pr: 1 } : {}),
    ...(event.roleChange ? { rl: [event.roleChange.userId, event.roleChange.role] } : {}),
    ...(event.planChange ? { pl: event.planChange.locksSections ? 1 : 0 } : {}),
  };
  if (event.change) {
    const whole = JSON.stringify({ ...head, c: event.change });
    if (Buffer.byteLength(whole) <= NOTIFY_PAYLOAD_MAX_BYTES) return whole;
  }
  return JSON.stringify(head);
}

export function decodeAnnouncement(payload: string): LiveEvent {
  const raw = JSON.parse(payload) as {
    b: number;
    f: number;
    v: number;
    p: number;
    c?: BoardChange;
    g?: 1;
    r?: number;
    pr?: 1;
    rl?: [number, string];
    pl?: 0 | 1;
  };
  if (![raw.b, raw.f, raw.v].every(Number.isInteger)) throw new Error('announcement without board and versions');
  return {
    boardId: raw.b,
    fromVersion: raw.f,
    version: raw.v,
    forFreePlan: raw.p === 1,
    change: raw.c ?? null,
    ...(raw.g === 1 ? { gone: true as const } : {}),
    ...(Number.isInteger(raw.r) ? { revokedUserId: raw.r } : {}),
    ...(raw.pr === 1 ? { presence: true as const } : {}),
    ...roleChangeOf(raw.rl),
    ...(raw.pl === 0 || raw.pl === 1 ? { planChange: { locksSections: raw.pl === 1 } } : {}),
  };
}

function roleChangeOf(raw: [number, string] | undefined): Pick<LiveEvent, 'roleChange'> {
  const role = memberRole.safeParse(raw?.[1]);
  return raw && Number.isInteger(raw[0]) && role.success ? { roleChange: { userId: raw[0], role: role.data } } : {};
}

/**
 * The NOTIFY payload of a user's news, on the board changes' channel: `{"u":[ids],"n":item,"s":screen}` (the item
 * is small: a kind, or an ask's board id, title and name; titles and names are capped far below NOTIFY's limit).
 */
export function encodeUserNews(event: UserNewsEvent): string {
  return JSON.stringify({ u: event.userIds, n: event.item, s: event.screen });
}

/** A user's news, or null when the payload is a board's announcement; throws on a malformed one. */
export function decodeUserNews(payload: string): UserNewsEvent | null {
  const raw = JSON.parse(payload) as { u?: unknown; n?: unknown; s?: unknown };
  if (raw.u === undefined) return null;
  const item = liveUserNewsItem.safeParse(raw.n);
  if (!Array.isArray(raw.u) || !raw.u.every(Number.isInteger) || !item.success)
    throw new Error('user news without users or news');
  return { userIds: raw.u as number[], item: item.data, screen: typeof raw.s === 'string' ? raw.s : null };
}
