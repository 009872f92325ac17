import type { QueryClient } from '@tanstack/react-query';
import { boardChange } from '#shared/schemas/board-ops';
import { liveGone, livePlan, livePresence, liveRole, liveVersion, type LivePresence } from '#shared/schemas/live';
import { boardGone, boardRoleChanged } from './board-membership';
import { boardSessions } from './query-client';
import { ownerPlanChanged } from './team-plan';
import { followStream, type LiveFollow, type LiveStatus } from './live-stream';

/**
 * A board's live stream: GET /api/boards/:id/events as the browser's EventSource, opened from the
 * version this screen's copy is at, so it first hears what it missed. Every change goes into the one board store
 * (the board's session, board-session.ts); a version it was not told row by row is fetched; a broken stream is
 * opened again from the version reached (live-stream.ts, which also hands the user's own news that the stream carries).
 */
export type BoardLive = LiveFollow;

export function followBoard(
  queryClient: QueryClient,
  boardId: number,
  onStatus: (status: LiveStatus) => void = () => undefined,
  /** Who has the board open now, each time the stream tells it. */
  onPresence: (people: LivePresence['people']) => void = () => undefined,
): BoardLive {
  const session = boardSessions(queryClient).session(boardId);
  // Events are handled one after another: a change waits for the catch-up an earlier one started.
  let chain: Promise<unknown> = Promise.resolve();
  const later = (task: () => Promise<unknown>) => {
    chain = chain.then(task).catch((err: unknown) => console.error('Live board update failed', err));
  };

  const url = () => {
    const since = session.version;
    return `/api/boards/${boardId}/events${since === undefined ? '' : `?since=${since}`}`;
  };
  const listen = (stream: EventSource) => {
    stream.addEventListener('change', (event) => {
      const parsed = boardChange.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) later(() => session.receive(parsed.data));
    });
    stream.addEventListener('version', (event) => {
      const parsed = liveVersion.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (!parsed.success) return;
      const behind = () => parsed.data.version > (session.version ?? -1);
      // A version this screen's own write in flight will bring with its answer is not fetched twice.
      if (behind())
        later(async () => {
          await session.ownWritesSettled();
          if (behind()) await session.catchUp();
        });
    });
    stream.addEventListener('presence', (event) => {
      const parsed = livePresence.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) onPresence(parsed.data.people);
    });
    stream.addEventListener('role', (event) => {
      const parsed = liveRole.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) boardRoleChanged(queryClient, boardId, parsed.data.role);
    });
    stream.addEventListener('reload', () => later(() => session.reload()));
    // The owner's plan now locks sections or no longer does: the board loads again, its locked sections open or close.
    stream.addEventListener('plan', (event) => {
      const parsed = livePlan.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) later(() => ownerPlanChanged(queryClient, boardId, parsed.data.locksSections));
    });
    stream.addEventListener('gone', (event) => {
      close();
      // Deleted, or this user was removed from the board (the board closes with a message).
      const gone = liveGone.safeParse(JSON.parse((event as MessageEvent<string>).data || '{}'));
      boardGone(queryClient, boardId, gone.success ? gone.data.reason : 'deleted');
    });
  };

  const live = followStream(queryClient, url, listen, onStatus);
  const close = () => live.close();
  return live;
}
