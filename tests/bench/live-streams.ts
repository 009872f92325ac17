import fs from 'node:fs';
import http from 'node:http';
import { SseParser, type SseEvent } from '../helpers/sse-reader';

/** One open GET /api/boards/:id/events over real HTTP: `ready` once caught up, `nextChange` for the next change. */
export type OpenStream = { ready: Promise<void>; nextChange(): Promise<SseEvent>; close(): void };

const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function openStream(base: string, boardId: number, cookie: string): OpenStream {
  let markReady!: () => void;
  let fail!: (err: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    fail = reject;
  });
  const waiting: ((event: SseEvent) => void)[] = [];
  const parser = new SseParser((event) => {
    if (event.event === 'ready') markReady();
    if (event.event === 'change' || event.event === 'version') waiting.shift()?.(event);
  });
  const req = http.get(
    new URL(`/api/boards/${boardId}/events`, base),
    { agent: streamAgent, headers: { cookie, accept: 'text/event-stream' } },
    (res) => {
      if (res.statusCode !== 200) fail(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (text: string) => parser.feed(text));
    },
  );
  req.on('error', (err) => fail(err));
  return {
    ready,
    nextChange: () => new Promise<SseEvent>((resolve) => waiting.push(resolve)),
    close: () => req.destroy(),
  };
}

/** `count` streams on one board, opened one after another (as tabs would), each caught up before the next. */
export async function openStreams(base: string, boardId: number, cookie: string, count: number): Promise<OpenStream[]> {
  const streams: OpenStream[] = [];
  for (let i = 0; i < count; i++) {
    const stream = openStream(base, boardId, cookie);
    streams.push(stream);
    await stream.ready;
  }
  return streams;
}

/** A process's resident memory (Linux /proc), in bytes. */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for process ${pid}`);
  return kb * 1024;
}
