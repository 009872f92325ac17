import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import { runtimeFile } from '../runtime-files';
import { ConnectionGate } from './connection-gate';
import { schema } from './schema';

/**
 * The application's database: drizzle's async query builder (every query is awaited, as it will be on a database
 * server) over one better-sqlite3 connection whose every statement passes the connection's gate (see
 * connection-gate.ts and transaction.ts). `$client` is the raw connection, for tests and the database layer's
 * gated helpers only (tests/unit/boundaries.test.ts keeps it there).
 */
export type Db = SqliteRemoteDatabase<typeof schema> & { $client: Database.Database };

/** A `run` answer: what SQLite reports of a write. */
export type RunResult = { rows: never[]; changes: number; lastInsertRowid: number | bigint };

const migrationsFolder = runtimeFile('api/db/migrations');
const gates = new WeakMap<object, ConnectionGate>();
/**
 * One gate per database file in this thread, shared by every connection to it: a transaction holds SQLite's write
 * lock across awaits, so a second connection of the same thread that tried to BEGIN would block the thread on
 * busy_timeout while the first could never finish. Sharing the gate makes it wait its turn instead.
 */
const gatesByFile = new Map<string, { gate: ConnectionGate; connections: number }>();
function gateForFile(file: string): ConnectionGate {
  if (file === ':memory:') return new ConnectionGate();
  const key = path.resolve(file);
  const shared = gatesByFile.get(key) ?? { gate: new ConnectionGate(), connections: 0 };
  shared.connections += 1;
  gatesByFile.set(key, shared);
  return shared.gate;
}

/**
 * The database holds every user's boards and sessions: its folder (0700) and a new file (0600) are the server
 * user's alone. SQLite gives the -wal and -shm files it makes beside it the database file's own mode. An existing
 * file keeps the mode it has (an operator may have chosen one).
 */
function createOwnerOnly(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

/** Prepared statements by SQL text: drizzle builds the same few hundred statements over and over. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Opens the SQLite file with the pragmas every connection needs (WAL for concurrent readers and crash safety,
 * foreign keys for the cascades, busy_timeout so writers wait instead of failing) and applies migrations.
 */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') createOwnerOnly(file);
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  migrate(drizzleSync(sqlite), { migrationsFolder });

  const gate = gateForFile(file);
  const statements = new Map<string, Database.Statement>();
  const prepare = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = sqlite.prepare(text);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
    }
    return statement;
  };
  const db = drizzle(
    (text, params, method) =>
      gate.run(() => {
        const statement = prepare(text);
        if (method === 'run') {
          const info = statement.run(...params);
          return { rows: [], changes: info.changes, lastInsertRowid: info.lastInsertRowid };
        }
        // drizzle maps rows from arrays of values (the proxy driver's contract).
        if (method === 'get') return { rows: statement.raw(true).get(...params) as unknown[] };
        return { rows: statement.raw(true).all(...params) as unknown[] };
      }),
    { schema },
  ) as Db;
  db.$client = sqlite;
  gates.set(db, gate);
  return db;
}

/** The gate of a connection opened by openDatabase (the database layer's transaction and raw-SQL helpers). */
export function gateOf(db: Pick<Db, '$client'>): ConnectionGate {
  const gate = gates.get(db);
  if (!gate) throw new Error('gateOf: not a connection opened by openDatabase');
  return gate;
}

/** Closes the connection (server shutdown, the end of a CLI run, a test closing its app). */
export function closeDatabase(db: Db): void {
  const file = db.$client.name;
  db.$client.close();
  const shared = gatesByFile.get(path.resolve(file));
  if (shared && (shared.connections -= 1) === 0) gatesByFile.delete(path.resolve(file));
}
