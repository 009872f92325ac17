import crypto from 'node:crypto';
import type { AppDeps } from '../deps';
import { log } from '../ops/log';
import type { Viewer } from '../services/section-lock.service';
import { followUserNews, releaseStreamPlace, takeStreamPlace, type LiveStream } from './live-stream';

/** A user stream's row id in live_streams: `u<userId>.<uuid>`, never read as a board's presence (`b<boardId>.`). */
function userStreamId(userId: number): string {
  return `u${userId}.${crypto.randomUUID()}`;
}

/**
 * GET /api/current-user/events: the signed-in user's own news for a page that follows no board (a board's stream
 * carries the same `user` events, so a page holds one stream either way): `ready` once it follows, then `user`
 * ({ news: 'boards' | 'account' }) as the user's boards list, plan or usage change on any instance, and `ping`
 * heartbeats. The same rules as a board's stream: the session cookie, one of the user's stream places (429 past
 * LOOT_LIVE_STREAMS_PER_USER), the registry's heartbeats, ended with a retry hint when the server drains.
 */
export async function openUserStream(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'eventHub' | 'streamRegistry'>,
  user: Viewer,
): Promise<LiveStream> {
  const id = userStreamId(user.id);
  await takeStreamPlace(deps, user.id, id);
  return {
    async start(sink) {
      const unfollow = followUserNews(deps, user.id, sink);
      const unregister = deps.streamRegistry.add({ ping: () => sink.send({ event: 'ping', data: '{}' }) });
      const stop = () => {
        unfollow();
        unregister();
        void releaseStreamPlace(deps, id);
      };
      try {
        await deps.eventHub.ready();
        sink.send({ event: 'ready', data: '{}' });
      } catch (err) {
        log.warn(`A user stream failed to start: ${(err as Error).message}`);
        stop();
        throw err;
      }
      return stop;
    },
  };
}
