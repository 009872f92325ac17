import type { TestApp } from './test-app';

/**
 * Server-Sent Events read by tests and benches (the browser's EventSource is not in Node): a parser of the text
 * stream (events separated by a blank line, `field: value` lines, comments ignored) and a reader that waits for
 * events as they come.
 */
export type SseEvent = { event: string; data: string; id?: string; retry?: number };

export class SseParser {
  private buffer = '';
  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  feed(text: string) {
    this.buffer += text.replace(/\r\n?/g, '\n');
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') event.id = value;
        else if (field === 'retry' && /^[0-9]+$/.test(value)) event.retry = Number(value);
      }
      if (data.length === 0 && event.id === undefined && event.retry === undefined) continue;
      event.data = data.join('\n');
      this.onEvent(event);
    }
  }
}

/** Reads a Response's event stream; `next` waits for the next event (of a kind, or matching a test). */
export class SseReader {
  private readonly events: SseEvent[] = [];
  private waiter: (() => void) | null = null;
  private ended = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(body: ReadableStream<Uint8Array>) {
    const reader = body.getReader();
    this.reader = reader;
    const parser = new SseParser((event) => {
      this.events.push(event);
      this.waiter?.();
    });
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
        }
      } catch {
        // cancelled
      } finally {
        this.ended = true;
        this.waiter?.();
      }
    })();
  }

  /** Every event received so far that `next` has not taken. */
  get unread(): readonly SseEvent[] {
    return this.events;
  }

  /** The next event that matches; the events before it are dropped. */
  async next(match: string | ((event: SseEvent) => boolean) = () => true): Promise<SseEvent> {
    return (await this.until(match)).at(-1)!;
  }

  /** Every event up to and including the next one that matches. */
  async until(match: string | ((event: SseEvent) => boolean)): Promise<SseEvent[]> {
    const test = typeof match === 'string' ? (e: SseEvent) => e.event === match : match;
    for (;;) {
      const i = this.events.findIndex(test);
      if (i >= 0) return this.events.splice(0, i + 1);
      if (this.ended)
        throw new Error(`the stream ended before the event (${typeof match === 'string' ? match : 'a match'})`);
      await new Promise<void>((resolve) => (this.waiter = resolve));
      this.waiter = null;
    }
  }

  /** Waits for the server to end the stream; answers the events not taken before it ended. */
  async untilEnd(): Promise<SseEvent[]> {
    while (!this.ended) {
      await new Promise<void>((resolve) => (this.waiter = resolve));
      this.waiter = null;
    }
    return this.events.splice(0);
  }

  /** Takes every event that has arrived (and drops them). */
  drain(): SseEvent[] {
    return this.events.splice(0);
  }

  async close() {
    await this.reader.cancel().catch(() => undefined);
  }
}

/**
 * A board's event stream opened on `app` for `cookie`: answered 200 and caught up (its `ready` read). The reader is
 * added to `openReaders`, which the test closes after it.
 */
export async function openCaughtUpStream(
  app: TestApp,
  boardId: number,
  cookie: string,
  openReaders: SseReader[],
): Promise<SseReader> {
  const res = await app.call('GET', `/api/boards/${boardId}/events`, { cookie });
  if (res.status !== 200) throw new Error(`The event stream answered ${res.status}, not 200: ${await res.text()}`);
  const stream = new SseReader(res.body!);
  openReaders.push(stream);
  await stream.next('ready');
  return stream;
}
