import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../api/db/client';
import { closePostgresDatabase, openPostgresDatabase } from '../../api/db/postgres';
import { withTransaction } from '../../api/db/transaction';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';

/**
 * PostgreSQL ends connections (a restart, a failover, an administrator, idle_session_timeout): the app survives it
 * (many instances on one database must not all fall over with it). Without a listener, the 'error' a
 * dead connection emits would end the process; vitest reports such an error and fails the run.
 */
let cluster: PgCluster;
let url: string;
let db: Db;
let admin: pg.Client;

beforeAll(async () => {
  cluster = startPgCluster();
  url = await cluster.createDatabase('loot_connection_loss');
  db = await openPostgresDatabase(url, { max: 3 });
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
}, 60_000);

afterAll(async () => {
  await admin?.end();
  if (db) await closePostgresDatabase(db);
  cluster?.stop();
});

const execute = (query: ReturnType<typeof sql>) =>
  (db as unknown as { execute(q: unknown): Promise<{ rows: Record<string, unknown>[] }> }).execute(query);
const terminateOthers = () =>
  admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );

/**
 * The database layer's warnings (process warnings named DatabaseWarning, which the server logs as JSON lines) while
 * a test runs, kept from Node's default printer on stderr; other warnings go on to it.
 */
function databaseWarnings(): { messages: string[]; restore(): void } {
  const messages: string[] = [];
  const previous = process.listeners('warning');
  process.removeAllListeners('warning');
  const listener = (warning: Error) => {
    if (warning.name === 'DatabaseWarning') messages.push(warning.message);
    else for (const other of previous) other(warning);
  };
  process.on('warning', listener);
  return {
    messages,
    restore() {
      process.off('warning', listener);
      for (const other of previous) process.on('warning', other);
    },
  };
}

describe('PostgreSQL connections ended by the server', () => {
  it('an idle pooled connection ended by the server is replaced on the next query, the process going on', async () => {
    const warnings = databaseWarnings();
    await Promise.all([execute(sql`select 1`), execute(sql`select 2`)]);
    const ended = (await terminateOthers()).rowCount ?? 0;
    expect(ended).toBeGreaterThan(0);
    // Each ended connection is reported (and dropped by the pool) without ending the process.
    await vi.waitFor(() =>
      expect(warnings.messages.filter((m) => /PostgreSQL connection closed/.test(m)).length).toBeGreaterThanOrEqual(
        ended,
      ),
    );
    expect((await execute(sql`select 41 + 1 as n`)).rows[0].n).toBe(42);
    warnings.restore();
  });

  it('a connection ended inside a transaction fails that transaction only; the next one runs', async () => {
    const warnings = databaseWarnings();
    await execute(sql`create table if not exists loss_probe (n int)`);
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    const doomed = withTransaction(db, async (tx) => {
      await (tx as unknown as { execute(q: unknown): Promise<unknown> }).execute(
        sql`insert into loss_probe values (1)`,
      );
      await paused;
      await (tx as unknown as { execute(q: unknown): Promise<unknown> }).execute(
        sql`insert into loss_probe values (2)`,
      );
    });
    const failed = doomed.then(
      () => null,
      (err: Error) => err,
    );
    // The transaction is open and waits on us: end its connection meanwhile.
    await vi.waitFor(async () =>
      expect((await admin.query(`select 1 from pg_stat_activity where state = 'idle in transaction'`)).rowCount).toBe(
        1,
      ),
    );
    await terminateOthers();
    await vi.waitFor(() => expect(warnings.messages.length).toBeGreaterThan(0));
    resume();
    expect(await failed).toBeInstanceOf(Error);
    // Nothing of it was committed, its locks went with its connection, and the next transaction runs.
    await withTransaction(db, async (tx) => {
      await (tx as unknown as { execute(q: unknown): Promise<unknown> }).execute(
        sql`insert into loss_probe values (3)`,
      );
    });
    expect((await execute(sql`select n from loss_probe order by n`)).rows.map((r) => r.n)).toEqual([3]);
    warnings.restore();
  });

  it('a transaction left idle by a frozen instance is ended after the timeout, so the rows it locked do not stall the others', async () => {
    const warnings = databaseWarnings();
    await execute(sql`create table if not exists frozen_probe (id int primary key, n int)`);
    await execute(sql`insert into frozen_probe values (1, 0)`);
    // The frozen instance: its own pool, with a short timeout for the test (IDLE_IN_TRANSACTION_MS in production).
    const frozen = await openPostgresDatabase(url, { max: 1, idleInTransactionMs: 500 });
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    const stuck = withTransaction(frozen, async (tx) => {
      await (tx as unknown as { execute(q: unknown): Promise<unknown> }).execute(
        sql`update frozen_probe set n = 1 where id = 1`,
      );
      await paused;
    }).then(
      () => null,
      (err: Error) => err,
    );
    await vi.waitFor(async () =>
      expect((await admin.query(`select 1 from pg_stat_activity where state = 'idle in transaction'`)).rowCount).toBe(
        1,
      ),
    );
    // Another instance's write of the same row waits for its lock only until the server ends the frozen session.
    const started = Date.now();
    await withTransaction(db, async (tx) => {
      await (tx as unknown as { execute(q: unknown): Promise<unknown> }).execute(
        sql`update frozen_probe set n = 2 where id = 1`,
      );
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    resume();
    expect(await stuck).toBeInstanceOf(Error);
    expect((await execute(sql`select n from frozen_probe order by id`)).rows.map((r) => r.n)).toEqual([2]);
    await closePostgresDatabase(frozen);
    warnings.restore();
  }, 20_000);
});
