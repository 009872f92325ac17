import { say } from '#shared/messages/errors';
import type { LiveEventName, LiveUserNews, LiveUserNewsItem } from '#shared/schemas/live';
import { liveStreamsRepo } from '../db/repositories/live-streams.repo';
import { withTransaction } from '../db/transaction';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { log } from '../ops/log';
import { INSTANCE_ID } from './stream-registry';

/**
 * What the two live streams share: the board's (board-stream.service.ts) and the user's (user-stream.service.ts).
 * Both hold one of the user's stream places, get the registry's heartbeats, and carry the user's own news.
 */

export type SseMessage = { event: LiveEventName; data: string; id?: string };
/** Where a stream's messages go (the route's Server-Sent Events response). */
export type SseSink = {
  send(message: SseMessage): void;
  /** Ends the stream (the listener lost the board). */ close(): void;
};

/** An accepted stream, not started yet: `start` sends what the screen missed, then each event as it comes. */
export type LiveStream = { start(sink: SseSink): Promise<() => void> };

type SlotDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'streamRegistry'>;

/**
 * Takes one of the user's stream places (row `id` of live_streams, renewed by this instance's registry) when they
 * hold fewer than LOOT_LIVE_STREAMS_PER_USER across all instances; 429 past it (the stream counts toward no plan
 * limit). Checked before the response starts, so a refusal is an ordinary JSON error.
 */
export async function takeStreamPlace(deps: SlotDeps, userId: number, id: string): Promise<void> {
  const now = deps.clock.now().getTime();
  const opened = await withTransaction(deps.db, (tx) =>
    liveStreamsRepo.openUnderCap(
      tx,
      { id, userId, instance: INSTANCE_ID, expiresAt: now + deps.streamRegistry.leaseMs },
      now,
      deps.config.LOOT_LIVE_STREAMS_PER_USER,
    ),
  );
  if (!opened)
    throw new AppError(
      'too_many_streams',
      429,
      say('board.tooManyStreams', { max: deps.config.LOOT_LIVE_STREAMS_PER_USER }),
    );
}

/** Gives the place back when the stream ends (its row would expire after a few heartbeats anyway). */
export function releaseStreamPlace(deps: Pick<AppDeps, 'db'>, id: string): Promise<void> {
  return liveStreamsRepo.close(deps.db, id).catch((err: Error) => log.warn(`Live stream close failed: ${err.message}`));
}

/**
 * Sends the user's own news (`user` events) to the stream from now on; when the instance's LISTEN connection comes
 * back, news may have been lost, so the screen is told both kinds. Answers the unsubscribe.
 */
export function followUserNews(deps: Pick<AppDeps, 'eventHub'>, userId: number, sink: SseSink): () => void {
  const send = (item: LiveUserNewsItem, screen: string | null = null) =>
    sink.send({ event: 'user', data: JSON.stringify({ ...item, screen } satisfies LiveUserNews) });
  return deps.eventHub.subscribeUser(userId, send, () => {
    send({ news: 'boards' });
    send({ news: 'account' });
  });
}
