import { announceBoardNotices, boardNotice } from './board-notices';
import crypto from 'node:crypto';
import { isFreePlan } from '#shared/section-lock';
import type { LiveGone, LivePlan, LiveRole } from '#shared/schemas/live';
import { boardChangesRepo } from '../db/repositories/board-changes.repo';
import { liveStreamId, liveStreamsRepo } from '../db/repositories/live-streams.repo';
import { followUserNews, releaseStreamPlace, takeStreamPlace, type LiveStream } from './live-stream';
import { personName, type BoardPerson } from '#shared/presence';
import type { AppDeps } from '../deps';
import { requireBoardAccess } from '../services/board-ops/board-access';
import { changesSince } from '../services/board-ops/changes-since';
import type { Viewer } from '../services/section-lock.service';
import type { LiveEvent } from './board-event-hub';
import { log } from '../ops/log';

/** The most bytes of one change a stream carries; a larger one goes as its version (the screen fetches it). */
export const STREAM_CHANGE_MAX_BYTES = 256 * 1024;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'eventHub' | 'streamRegistry'>;

/** A change's stream text, made once however many screens receive it. */
const texts = new WeakMap<LiveEvent, string | null>();
function changeText(event: LiveEvent): string | null {
  if (!texts.has(event)) {
    const text = event.change ? JSON.stringify(event.change) : null;
    texts.set(event, text !== null && Buffer.byteLength(text) <= STREAM_CHANGE_MAX_BYTES ? text : null);
  }
  return texts.get(event)!;
}

/** Who has the board open, read once per announcement however many screens of this process receive it. */
const presences = new WeakMap<LiveEvent, Promise<string>>();
function presenceText(deps: Deps, event: LiveEvent): Promise<string> {
  let text = presences.get(event);
  if (!text) {
    text = liveStreamsRepo.peopleOnBoard(deps.db, event.boardId, deps.clock.now().getTime()).then((rows) => {
      const people: BoardPerson[] = rows.map((row) => ({ userId: row.id, name: personName(row) }));
      return JSON.stringify({ people });
    });
    presences.set(event, text);
  }
  return text;
}

/**
 * Tells every screen of the board, on every instance, that who has it open may have changed (PostgreSQL: a NOTIFY
 * on the changes channel; SQLite: this one process hands it over itself). Each instance then reads the people once.
 */
export async function announcePresence(deps: Pick<AppDeps, 'db' | 'eventHub'>, boardId: number): Promise<void> {
  (await announceBoardNotices(deps, deps.db, [boardNotice(boardId, { presence: true })]))?.();
}

/** An accepted stream, not started yet: `start` sends what the screen missed, then every change as it comes. */
export type BoardStream = LiveStream;

/**
 * GET /api/boards/:id/events. Checked before the response starts, so a refusal is an ordinary JSON
 * error: the board must be one the user may hear (board-access.ts: the owner today), and the user must hold fewer
 * than LOOT_LIVE_STREAMS_PER_USER streams across all instances (429 past it; the stream counts toward no plan
 * limit). The stream also carries the user's own news (`user` events, live-stream.ts), so a board's page needs no
 * second stream.
 *
 * `since`: the version the screen is at (`?since=` or Last-Event-ID): what it missed comes first, change by change
 * when the log can tell it, else a `reload`. Changes that arrive meanwhile wait, and only those past what was
 * told follow. A free owner's hidden cards never travel: a change filtered for another plan than the listener's
 * goes as its version only.
 */
export async function openBoardStream(
  deps: Deps,
  user: Viewer,
  boardId: number,
  since: number | null,
): Promise<BoardStream> {
  const { owner } = await requireBoardAccess(deps.db, user, boardId, 'listen');
  const registry = deps.streamRegistry;
  const id = liveStreamId(boardId, crypto.randomUUID());
  await takeStreamPlace(deps, user.id, id);
  // Whether the owner's plan locks sections: changes filtered for another plan go as their version only.
  let free = isFreePlan(owner.planId);

  return {
    async start(sink) {
      let told = -1;
      let waiting: LiveEvent[] | null = [];
      const sendVersion = (version: number) => {
        sink.send({ event: 'version', data: JSON.stringify({ version }) });
        told = version;
      };
      // Presence reads may answer out of order; only the latest one asked is sent (it saw the newest rows).
      let presenceAsked = 0;
      const deliver = (event: LiveEvent) => {
        if (event.presence) {
          const asked = (presenceAsked += 1);
          presenceText(deps, event).then(
            (data) => asked === presenceAsked && sink.send({ event: 'presence', data }),
            (err: Error) => log.warn(`Reading who is on a board failed: ${err.message}`),
          );
          return;
        }
        if (event.planChange) {
          // The owner's plan moved: this screen loads the board again (locked sections open or close).
          free = event.planChange.locksSections;
          sink.send({ event: 'plan', data: JSON.stringify(event.planChange satisfies LivePlan) });
          return;
        }
        if (event.roleChange) {
          if (event.roleChange.userId === user.id)
            sink.send({ event: 'role', data: JSON.stringify({ role: event.roleChange.role } satisfies LiveRole) });
          return;
        }
        if (event.revokedUserId !== undefined) {
          // A member removed from the board hears it is gone for them, and the stream ends.
          if (event.revokedUserId !== user.id) return;
          sink.send({ event: 'gone', data: JSON.stringify({ version: told, reason: 'removed' } satisfies LiveGone) });
          return sink.close();
        }
        if (event.gone)
          return sink.send({
            event: 'gone',
            data: JSON.stringify({ version: event.version, reason: 'deleted' } satisfies LiveGone),
          });
        if (event.version <= told) return;
        const text = event.forFreePlan === free && event.fromVersion === told ? changeText(event) : null;
        if (text === null) return sendVersion(event.version);
        sink.send({ event: 'change', data: text, id: String(event.version) });
        told = event.version;
      };
      const unsubscribe = deps.eventHub.subscribe(
        boardId,
        (event) => (waiting ? waiting.push(event) : deliver(event)),
        // The instance's LISTEN connection came back: changes may have been announced while it was down. (While
        // the stream is still catching up, the catch-up reads after it anyway.)
        () => {
          if (waiting) return;
          void boardChangesRepo.version(deps.db, boardId).then(
            (version) => version > told && sendVersion(version),
            () => undefined,
          );
        },
      );
      const unfollow = followUserNews(deps, user.id, sink);
      const unregister = registry.add({
        ping: () => sink.send({ event: 'ping', data: JSON.stringify({ version: told }) }),
      });
      const stop = () => {
        unsubscribe();
        unfollow();
        unregister();
        void releaseStreamPlace(deps, id).then(() =>
          announcePresence(deps, boardId).catch((err: Error) =>
            log.warn(`Announcing who is on a board failed: ${err.message}`),
          ),
        );
      };
      try {
        await deps.eventHub.ready();
        if (since === null) told = await boardChangesRepo.version(deps.db, boardId);
        else {
          const missed = await changesSince(deps, user, boardId, since);
          if (missed.kind === 'reload')
            sink.send({ event: 'reload', data: JSON.stringify({ version: missed.version }) });
          else
            for (const change of missed.changes)
              sink.send({ event: 'change', data: JSON.stringify(change), id: String(change.version) });
          told = missed.version;
        }
        sink.send({ event: 'ready', data: JSON.stringify({ version: told }) });
        const arrived = waiting;
        waiting = null;
        for (const event of arrived) deliver(event);
        // Everyone on the board, this screen included, hears who is on it now (not waited for: the stream is open).
        announcePresence(deps, boardId).catch((err: Error) =>
          log.warn(`Announcing who is on a board failed: ${err.message}`),
        );
      } catch (err) {
        stop();
        throw err;
      }
      return stop;
    },
  };
}
