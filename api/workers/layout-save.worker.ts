import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { closeDatabase, openDatabase, type Db } from '../db/client';
import { openPostgresDatabase } from '../db/postgres';
import { AppError } from '../errors';
import { log } from '../ops/log';
import { parseLayoutBody } from '../services/board-layout.service';
import { writeLayoutInSlices } from '../services/board-ops/layout-slices';
import type { LayoutSaveReply, LayoutSaveRequest } from './layout-save';

/** Connections by database file (a test run opens many); the oldest is closed past a few. */
const connections = new Map<string, Db>();
function connection(file: string): Db {
  const open = connections.get(file);
  if (open) return open;
  const db = openDatabase(file);
  connections.set(file, db);
  if (connections.size > 4) {
    const [oldestFile, oldest] = connections.entries().next().value as [string, Db];
    closeDatabase(oldest);
    connections.delete(oldestFile);
  }
  return db;
}

/** The PostgreSQL database of a server on one (DATABASE_URL), opened once per thread. */
const postgres = new Map<string, Promise<Db>>();
function postgresConnection(url: string): Promise<Db> {
  let open = postgres.get(url);
  if (!open) postgres.set(url, (open = openPostgresDatabase(url, { max: 2 })));
  return open;
}

/** Between write slices: a moment without the lock, so a writer on the main thread waiting for it gets in. */
const pauseCell = new Int32Array(new SharedArrayBuffer(4));
const pause = () => Atomics.wait(pauseCell, 0, 0, 2);

/**
 * This thread gives way to the main thread: on Linux a thread has its own nice value, and /proc/thread-self names
 * the thread's id, so the save runs at the lowest priority while the event loop keeps its full share of the CPU.
 * Elsewhere (no /proc) it runs at normal priority.
 */
function lowerThisThreadsPriority() {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, os.constants.priority.PRIORITY_LOW);
  } catch {
    // Not Linux, or not allowed: the save still runs, at normal priority.
  }
}
lowerThisThreadsPriority();

// One save at a time, in arrival order, as when saves were synchronous: two saves of one board never interleave
// their slices.
let saving: Promise<void> = Promise.resolve();
parentPort!.on('message', (request: LayoutSaveRequest & { id: number }) => {
  saving = saving.then(async () => parentPort!.postMessage({ id: request.id, ...(await save(request)) }));
});

async function save(request: LayoutSaveRequest): Promise<LayoutSaveReply> {
  try {
    const updates = parseLayoutBody(request.body);
    const db = request.databaseUrl ? await postgresConnection(request.databaseUrl) : connection(request.dbFile);
    const result = await writeLayoutInSlices(
      db,
      request.userId,
      request.boardId,
      updates,
      new Date(request.nowMs),
      pause,
    );
    return { ok: true, result };
  } catch (err) {
    if (err instanceof AppError && (err.status === 400 || err.status === 404 || err.status === 413)) {
      return { ok: false, status: err.status, code: err.code, message: err.message, details: err.details };
    }
    log.error({ err }, 'Layout save failed');
    return { ok: false, status: 500, code: 'internal', message: err instanceof Error ? err.message : String(err) };
  }
}
