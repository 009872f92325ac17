/**
 * A byte stream fed by a producer that runs while the response is sent: the producer pushes chunks, waits for
 * the client to catch up before making more (so a slow download does not pile the whole file up in memory),
 * and learns when the client has gone away (a cancelled download stops the work).
 */
export type PushStream = {
  stream: ReadableStream<Uint8Array>;
  push(chunk: Uint8Array): void;
  /** Resolves once the queue has room again; resolves at once when the client has cancelled. */
  demand(): Promise<void>;
  readonly cancelled: boolean;
  close(): void;
  fail(err: unknown): void;
};

const HIGH_WATER_BYTES = 4 * 1024 * 1024;

export function createPushStream(): PushStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  let finished = false;
  let wake: (() => void) | null = null;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull() {
        wake?.();
        wake = null;
      },
      cancel() {
        cancelled = true;
        wake?.();
        wake = null;
      },
    },
    { highWaterMark: HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );
  return {
    stream,
    get cancelled() {
      return cancelled;
    },
    push(chunk) {
      if (cancelled || finished || chunk.byteLength === 0) return;
      try {
        controller.enqueue(chunk);
      } catch {
        // The stream was torn down under us (the response closed): stop producing, never throw into pdfkit.
        cancelled = true;
      }
    },
    demand() {
      if (cancelled || finished || (controller.desiredSize ?? 1) > 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        wake = resolve;
      });
    },
    close() {
      if (cancelled || finished) return;
      finished = true;
      controller.close();
    },
    fail(err) {
      if (cancelled || finished) return;
      finished = true;
      controller.error(err);
    },
  };
}
