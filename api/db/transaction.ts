import type Database from 'better-sqlite3';
import { gateOf, type Db, type RunResult } from './client';
import { inPostgresTransaction, isPostgres, lockPostgresNames, withPostgresTransaction } from './postgres';

/**
 * The one place that opens transactions, and the one place where the dialect's transaction rules live.
 *
 * SQLite (one connection per process, one writer per file): `BEGIN IMMEDIATE` takes the write lock at once, so a
 * transaction that reads and then writes never fails with SQLITE_BUSY halfway (another connection, a CLI's or
 * another process's, waits on busy_timeout instead). While it is open, the connection's gate admits
 * only statements made inside `fn`; other requests' statements and transactions wait and run right after it.
 * A transaction opened inside another one is a savepoint of it.
 *
 * PostgreSQL: see postgres.ts (READ COMMITTED, any number of writers at once; inside another transaction, a
 * savepoint). A rule that reads and then writes on what it read holds there through one conditional statement or
 * through the locks below (ADR 0008), never through the transaction alone.
 *
 * Inside `fn`, prefer `tx` for every query (both databases also route `db` to the open transaction).
 */
export function withTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db)) return withPostgresTransaction(db, fn);
  const gate = gateOf(db);
  const sqlite = db.$client;
  if (gate.inOpenTransaction()) return inSavepoint(sqlite, () => fn(db));
  return gate.exclusive(
    () => sqlite.exec('BEGIN IMMEDIATE'),
    () => fn(db),
    (failed) => {
      if (failed) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        return;
      }
      try {
        sqlite.exec('COMMIT');
      } catch (err) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw err;
      }
    },
  );
}

/**
 * How strongly `lockingRows` locks: 'update' for a row the transaction deletes; 'no key update' for one it only
 * guards (it does not block inserts that reference the row through a foreign key); 'share' to keep a row as read.
 */
export type RowLockStrength = 'update' | 'no key update' | 'share' | 'key share';

function requireTransaction(db: Db, caller: string) {
  const inside = isPostgres(db) ? inPostgresTransaction(db) : gateOf(db).inOpenTransaction();
  if (!inside)
    throw new Error(`${caller}: call it inside withTransaction (a lock outside one ends with its statement)`);
}

/**
 * A select (drizzle's builder) that also locks the rows it returns until the transaction ends: `FOR UPDATE` and its
 * kin on PostgreSQL. On SQLite the query is unchanged: `BEGIN IMMEDIATE` already holds the file's one write lock,
 * so nothing else writes while the transaction is open.
 */
export function lockingRows<Q>(db: Db, query: Q, strength: RowLockStrength = 'update'): Q {
  requireTransaction(db, 'lockingRows');
  if (!isPostgres(db)) return query;
  return (query as unknown as { for(strength: RowLockStrength): Q }).for(strength);
}

/**
 * Locks names that have no row to lock (a throttle's key, "the catalogue") until the transaction ends: advisory
 * locks on PostgreSQL (a shared one waits only for an exclusive one); on SQLite, nothing more than `BEGIN IMMEDIATE`.
 */
export async function lockNames(db: Db, names: string[], mode: 'exclusive' | 'shared' = 'exclusive'): Promise<void> {
  requireTransaction(db, 'lockNames');
  if (isPostgres(db)) await lockPostgresNames(db, names, mode);
}

let savepoints = 0;
async function inSavepoint<T>(sqlite: Database.Database, fn: () => Promise<T>): Promise<T> {
  const name = `loot_sp_${(savepoints += 1)}`;
  sqlite.exec(`SAVEPOINT ${name}`);
  try {
    const result = await fn();
    sqlite.exec(`RELEASE ${name}`);
    return result;
  } catch (err) {
    sqlite.exec(`ROLLBACK TO ${name}`);
    sqlite.exec(`RELEASE ${name}`);
    throw err;
  }
}

/**
 * Raw SQL for the repositories that need it (ADR 0001: search, bulk board writes): `fn` gets the connection when
 * the gate admits the caller and must use it synchronously (before any await), like one statement.
 */
export function withSqlite<T>(db: Db, fn: (sqlite: Database.Database) => T): Promise<T> {
  if (isPostgres(db))
    return Promise.reject(new Error('withSqlite: this repository function has no PostgreSQL variant yet'));
  return gateOf(db).run(() => fn(db.$client));
}

/**
 * The raw connection for prepared statements reused across a transaction's awaits (a 100,000-card board insert):
 * only inside the caller's own open transaction, where the gate keeps everyone else out.
 */
export function sqliteInTransaction(db: Db): Database.Database {
  if (!gateOf(db).inOpenTransaction()) throw new Error('sqliteInTransaction: call it inside withTransaction');
  return db.$client;
}

/** How many rows a write changed (SQLite's `changes`, PostgreSQL's `rowCount`). */
export function changedRows(result: unknown): number {
  return (result as RunResult).changes ?? (result as { rowCount?: number | null }).rowCount ?? 0;
}
