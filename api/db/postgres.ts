import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client';
import { migratePostgres } from './postgres-migrate';
import { databaseWarning } from './database-warning';

/**
 * PostgreSQL. The repositories build their queries from schema.ts's tables on either database:
 * drizzle's PostgreSQL dialect quotes the same names, and schema.pg.ts stores every value the way those columns
 * write and read it (epoch-ms bigints, JSON text, 0/1 integers; booleans accept '1'/'0'). bigint columns come back
 * as numbers (epoch milliseconds and counts fit a double exactly).
 *
 * Like SQLite's connection gate, code running inside a transaction reaches that transaction through any handle of
 * the database (`deps.db` included, via AsyncLocalStorage), so a service that opens its own transaction inside
 * another one gets a savepoint of it, never a second connection waiting on the first.
 */

type PgDb = NodePgDatabase & { $client: pg.Pool };

// bigint (int8) as a number, process-wide: drizzle's node-postgres session parses each query with pg's global
// parsers, so a per-pool setting would not reach it. Epoch milliseconds and counts fit a double exactly.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
type Open = { root: PgDb; pool: pg.Pool; closers: (() => Promise<void>)[] };

const roots = new WeakMap<object, Open>();
const current = new AsyncLocalStorage<{ root: PgDb; tx: PgDb }>();

/**
 * The first key of every named lock (lockPostgresNames): PostgreSQL's two-integer advisory locks live apart from
 * the one-bigint key the migrations lock on, and this class keeps Loot's names apart from anything else's.
 */
export const NAMED_LOCK_CLASS = 0x6c6f6f74;

/**
 * How long PostgreSQL lets a session sit idle inside an open transaction before it ends the session. A transaction
 * holds the row locks it took (ADR 0008) until it ends, so an instance that froze in the middle of one (a paused VM,
 * a network partition, a stalled event loop) would otherwise keep every writer of those rows waiting until TCP gave
 * up on it (hours). Loot's transactions never wait on anything slow (no network call inside one, ADR 0007): a
 * minute is far beyond any legitimate pause.
 */
export const IDLE_IN_TRANSACTION_MS = 60_000;

/** Opens the pool, applies the migrations under their advisory lock, and returns the database. */
export async function openPostgresDatabase(
  connectionString: string,
  options: { max?: number; idleInTransactionMs?: number } = {},
): Promise<Db> {
  await migratePostgres(connectionString);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idle_in_transaction_session_timeout: options.idleInTransactionMs ?? IDLE_IN_TRANSACTION_MS,
  });
  keepConnectionErrorsFromEndingTheProcess(pool);
  const root = drizzle(pool) as PgDb;
  const db = new Proxy(root, {
    get(target, prop) {
      const store = current.getStore();
      const source = store && store.root === target ? store.tx : target;
      const value = Reflect.get(source, prop) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
  roots.set(db, { root, pool, closers: [] });
  return db as unknown as Db;
}

/**
 * A connection PostgreSQL ends (a restart, a failover, pg_terminate_backend, idle_session_timeout) emits 'error' on
 * its client, and on the pool when the client sat idle there; with no listener, Node ends the process, so every
 * instance would go down with the database's first hiccup. Logged instead: the pool drops the dead connection (an
 * idle one at once, one in use when it is released) and the next query opens a new one; a query or transaction
 * that was running on it fails with the error, as it must.
 */
function keepConnectionErrorsFromEndingTheProcess(pool: pg.Pool) {
  // Each client's own listener reports it, idle or in use; the pool re-emits an idle client's error, already reported.
  pool.on('connect', (client) =>
    client.on('error', (err) => databaseWarning(`PostgreSQL connection closed: ${err.message}`)),
  );
  pool.on('error', () => {});
}

export function isPostgres(db: object): boolean {
  return roots.has(db);
}

/** The pool's connections and the queries waiting for one (metrics). */
export function postgresPoolStats(db: Db): { total: number; idle: number; waiting: number } {
  const pool = roots.get(db)?.pool;
  return { total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 };
}

export async function closePostgresDatabase(db: Db): Promise<void> {
  const open = roots.get(db);
  if (!open) return;
  await Promise.all(open.closers.splice(0).map((close) => close()));
  await open.pool.end();
}

/**
 * The pool's connection settings and a hook run when the database closes, for the database layer's own extra
 * connections (postgres-listen.ts's LISTEN connection), which live outside the pool.
 */
export function postgresSideConnection(db: Db): { config: pg.ClientConfig; onClose(close: () => Promise<void>): void } {
  const open = roots.get(db);
  if (!open) throw new Error('postgresSideConnection: not a database opened by openPostgresDatabase');
  const { connectionString } = open.pool.options;
  return { config: { connectionString }, onClose: (close) => void open.closers.push(close) };
}

/**
 * withTransaction on PostgreSQL (see transaction.ts): `fn` in a READ COMMITTED transaction; inside another one, a
 * savepoint. No lock is taken here: each read-then-write rule holds on its own (ADR 0008).
 */
export function withPostgresTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const open = roots.get(db);
  if (!open) throw new Error('withPostgresTransaction: not a database opened by openPostgresDatabase');
  const store = current.getStore();
  if (store && store.root === open.root) {
    return store.tx.transaction((savepoint) =>
      current.run({ root: open.root, tx: savepoint as unknown as PgDb }, () => fn(db)),
    );
  }
  return open.root.transaction((tx) => current.run({ root: open.root, tx: tx as unknown as PgDb }, () => fn(db)));
}

/** Whether code running here is inside a transaction of this database. */
export function inPostgresTransaction(db: Db): boolean {
  const store = current.getStore();
  return !!store && store.root === roots.get(db)?.root;
}

/**
 * Transaction-level advisory locks on names (a throttle's key, "the catalogue"): held until the transaction ends.
 * Taken in sorted order, so two transactions locking overlapping names never wait on each other in a cycle. A
 * shared lock waits only for an exclusive one.
 */
export async function lockPostgresNames(db: Db, names: string[], mode: 'exclusive' | 'shared'): Promise<void> {
  const lock = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  for (const name of [...new Set(names)].sort()) {
    await (db as unknown as NodePgDatabase).execute(sql`select ${lock}(${NAMED_LOCK_CLASS}::int, hashtext(${name}))`);
  }
}

/** Rows of a raw statement on PostgreSQL (the raw-SQL repositories' PostgreSQL variants). */
export async function pgRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await (db as unknown as NodePgDatabase).execute(query);
  return result.rows as T[];
}
