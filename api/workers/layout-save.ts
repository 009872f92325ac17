import { Worker } from 'node:worker_threads';
import type { LayoutResult } from '#shared/schemas/board';
import { bundle, bundleEntry } from '../runtime-files';

/** `databaseUrl` (PostgreSQL) when the server runs on one, else the SQLite file. */
export type LayoutSaveRequest = {
  body: ArrayBuffer;
  dbFile: string;
  databaseUrl?: string;
  userId: number;
  boardId: number;
  nowMs: number;
};
export type LayoutSaveReply =
  | { ok: true; result: LayoutResult }
  | { ok: false; status: 400 | 404 | 413 | 500; code: string; message: string; details?: Record<string, unknown> };

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, (reply: LayoutSaveReply) => void>();

/**
 * One long-lived worker thread, started on the first layout save, runs every save (see board-layout.service).
 * From the sources its entry is plain JavaScript that registers tsx in the thread, so it loads the same way under
 * the tests, `npm run dev:api` and the CLIs; the server bundle starts the worker's own bundle (dist/). It does not
 * keep the process alive.
 */
function layoutWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(
    bundle ? bundleEntry('layout-save.worker') : new URL('./layout-save.worker.mjs', import.meta.url),
  );
  started.unref();
  started.on('message', (reply: LayoutSaveReply & { id: number }) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const fail = (err: unknown) => {
    if (worker === started) worker = undefined;
    for (const resolve of pending.values())
      resolve({ ok: false, status: 500, code: 'internal', message: `Layout worker failed: ${String(err)}` });
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(`exited with code ${code}`));
  worker = started;
  return started;
}

/** Runs one layout save on the worker thread; the body buffer is moved there, not copied. */
export function runLayoutSave(request: LayoutSaveRequest): Promise<LayoutSaveReply> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    layoutWorker().postMessage({ id, ...request }, [request.body]);
  });
}
