import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../env';
import type { LiveStream, SseMessage } from '../live/live-stream';
import { openLiveStreams } from '../ops/metrics';

/** Messages a slow screen may have waiting before its stream is closed (it reconnects and catches up). */
const PENDING_MESSAGES_MAX = 256;

/**
 * Serves an accepted live stream (a board's or the user's) as Server-Sent Events, the same way for both: counted in
 * the live-streams gauge, a screen that does not read is let go, and a draining server ends it with a retry hint.
 */
export function serveLiveStream(c: Context<AppEnv>, deps: Pick<AppDeps, 'lifecycle'>, stream: LiveStream) {
  // Proxies that buffer (nginx) would hold the events back.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (sse) => {
    let leave = () => {};
    const closed = new Promise<void>((resolve) => {
      leave = resolve;
      sse.onAbort(resolve);
    });
    let pending = 0;
    let writes = Promise.resolve();
    const send = (message: SseMessage) => {
      if (sse.aborted || sse.closed) return;
      // A screen that does not read (a frozen tab, a dead link the OS has not noticed) is let go.
      if ((pending += 1) > PENDING_MESSAGES_MAX) return void sse.abort();
      writes = writes.then(() => sse.writeSSE(message)).finally(() => void (pending -= 1));
    };
    // The last message (a removed member's "gone") is written before the stream ends.
    const stop = await stream.start({ send, close: () => void writes.then(leave, leave) });
    openLiveStreams.inc();
    // The server is shutting down (README: Graceful shutdown): the stream ends, telling the screen when to come
    // back (the SSE retry field, in a message with no data, which EventSource does not dispatch); it then
    // reconnects to whichever instance answers and resumes from where it is.
    const offDrain = deps.lifecycle.onDrain(async ({ retryAfterMs }) => {
      writes = writes.then(() => sse.writeSSE({ data: '', retry: retryAfterMs }));
      await writes.catch(() => undefined);
      leave();
    });
    try {
      await closed;
    } finally {
      offDrain();
      openLiveStreams.dec();
      stop();
    }
  });
}
