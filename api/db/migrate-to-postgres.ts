import fs from 'node:fs';
import { count, getTableName, gt, sql, type Column } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { getTableConfig as getPgTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { closeDatabase, openDatabase, type Db } from './client';
import { closePostgresDatabase, openPostgresDatabase } from './postgres';
import { schema } from './schema';
import { pgSchema } from './schema.pg';
import { withSqlite, withTransaction } from './transaction';

/**
 * Moves a SQLite install to PostgreSQL (`npm run db:migrate-to-postgres -- --from ./data/loot.db`).
 *
 * 1. Both databases are opened the way the app opens them: the SQLite file gets any pending migration (as a start
 *    of Loot would give it) and PostgreSQL gets its migrations under the advisory lock every instance migrates under.
 * 2. Every table of schema.ts is copied in foreign-key order, in batches read by primary key, ids kept: rows are
 *    read through schema.ts and written through schema.pg.ts, so drizzle maps each value to its PostgreSQL column
 *    (timestamps as epoch-ms bigints, JSON as its text, boolean-mode columns as booleans). A row whose primary key
 *    is already there is skipped (`on conflict (pk) do nothing`), so a second run, or a run after an interrupted
 *    one, copies only what is missing; a row clashing with a different row on another unique key fails the run.
 * 3. Rows arrive as stored: each table is copied in one transaction with its own triggers disabled (ALTER TABLE …
 *    DISABLE TRIGGER USER; foreign keys stay checked), so the section-lock trigger cannot re-decide cards.locked
 *    and the version triggers do not bump anything. What those triggers derive is then made consistent:
 *    features_search is filled for every feature by the same function its trigger uses; games_version and
 *    board_content_versions are tables of both schemas and are copied as rows, a version only ever raised (the
 *    greater of the two sides), so each stays the number SQLite had for the same content. (A version is not bumped
 *    for the copy itself: the caches keyed by it live in process memory, and instances start after the copy.)
 * 4. Every serial sequence is moved past the largest id ever handed out (SQLite's sqlite_sequence, which remembers
 *    deleted rows' ids too, so a restorable deleted board's id is never reused) and past the copied rows; a
 *    sequence already further is left alone.
 * 5. Row counts are compared table by table (and features_search against features).
 *
 * Meant for an empty PostgreSQL database or one a previous run filled, with the app stopped on both sides.
 */

type AnyPg = NodePgDatabase;

/** Tables whose rows are counters kept by triggers: copied as rows, but a version is only ever raised. */
const VERSION_TABLES = new Set(['games_version', 'features_version', 'board_content_versions']);
/** Parameters per statement stay far below PostgreSQL's 65,535. */
const MAX_PARAMS = 30_000;
const MAX_BATCH = 1000;
/** Tables whose rows can be large: a deleted board's snapshot holds the whole board (100,000 cards, megabytes). */
const BATCH_CAP: Record<string, number> = { deleted_boards: 10 };

export type TableReport = { table: string; sqlite: number; postgres: number; copied: number };
export type MigrateReport = { tables: TableReport[]; mismatches: TableReport[]; sequences: number; ok: boolean };
export type MigrateOptions = {
  from: string;
  databaseUrl: string;
  batchSize?: number;
  /** Rows done of all tables' rows, with the table being copied. */
  onProgress?: (table: string, done: number, total: number) => void;
};

type Pair = { name: string; lite: SQLiteTable; pg: PgTable; pk: string };

/** The schema's tables in foreign-key order (a table after every table it references). */
export function tablesInForeignKeyOrder(): Pair[] {
  const byName = new Map<string, Pair>();
  for (const [key, lite] of Object.entries(schema) as [keyof typeof schema, SQLiteTable][]) {
    const pg = pgSchema[key] as PgTable;
    const primary = getSqliteTableConfig(lite).columns.filter((c) => c.primary);
    if (primary.length !== 1)
      throw new Error(`migrate-to-postgres: ${getTableName(lite)} needs a one-column primary key`);
    const pk = Object.entries(lite).find(([, column]) => column === primary[0])?.[0];
    if (!pk) throw new Error(`migrate-to-postgres: no key for ${getTableName(lite)}'s primary key`);
    byName.set(getTableName(lite), { name: getTableName(lite), lite, pg, pk });
  }
  const ordered: Pair[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`migrate-to-postgres: foreign-key cycle through ${name}`);
    state.set(name, 'visiting');
    for (const fk of getPgTableConfig(byName.get(name)!.pg).foreignKeys) {
      const target = getTableName(fk.reference().foreignTable);
      if (target !== name) visit(target);
    }
    state.set(name, 'done');
    ordered.push(byName.get(name)!);
  };
  for (const name of byName.keys()) visit(name);
  return ordered;
}

const column = (table: SQLiteTable | PgTable, key: string) => (table as unknown as Record<string, Column>)[key];
const sourceCount = async (db: Db, table: SQLiteTable): Promise<number> =>
  (await db.select({ n: count() }).from(table))[0].n;
const targetCount = async (db: AnyPg, table: PgTable): Promise<number> =>
  (await db.select({ n: count() }).from(table))[0].n;

export async function migrateToPostgres(options: MigrateOptions): Promise<MigrateReport> {
  if (!fs.existsSync(options.from)) throw new Error(`No SQLite database at ${options.from}`);
  const lite = openDatabase(options.from);
  let pgDb: Db | undefined;
  try {
    pgDb = await openPostgresDatabase(options.databaseUrl, { max: 2 });
    const pgq = pgDb as unknown as AnyPg;
    const pairs = tablesInForeignKeyOrder();
    const sourceCounts = new Map<string, number>();
    for (const pair of pairs) sourceCounts.set(pair.name, await sourceCount(lite, pair.lite));
    const total = [...sourceCounts.values()].reduce((a, b) => a + b, 0);
    let done = 0;
    let sequences = 0;
    const handedOut = new Map(
      await withSqlite(lite, (s) =>
        (s.prepare('select name, seq from sqlite_sequence').all() as { name: string; seq: number }[]).map(
          (r) => [r.name, Number(r.seq)] as const,
        ),
      ),
    );
    const copied = new Map<string, number>();
    let searchRows = 0;

    for (const pair of pairs) {
      options.onProgress?.(pair.name, done, total);
      const columns = Object.keys(getPgTableConfig(pair.pg).columns).length;
      const batch = Math.max(
        1,
        Math.min(options.batchSize ?? MAX_BATCH, BATCH_CAP[pair.name] ?? MAX_BATCH, Math.floor(MAX_PARAMS / columns)),
      );
      const litePk = column(pair.lite, pair.pk) as SQLiteColumn;
      const pgPk = column(pair.pg, pair.pk);
      let inserted = 0;
      await withTransaction(pgDb, async () => {
        await pgq.execute(sql`alter table ${sql.identifier(pair.name)} disable trigger user`);
        let after: unknown = undefined;
        for (;;) {
          const query = lite.select().from(pair.lite);
          const rows = (await (after === undefined ? query : query.where(gt(litePk, after)))
            .orderBy(litePk)
            .limit(batch)) as Record<string, unknown>[];
          if (rows.length === 0) break;
          after = rows[rows.length - 1][pair.pk];
          const insert = pgq.insert(pair.pg).values(rows as never);
          const result = VERSION_TABLES.has(pair.name)
            ? await insert.onConflictDoUpdate({
                target: pgPk as never,
                set: { version: sql`excluded.version` },
                setWhere: sql`${column(pair.pg, 'version')} < excluded.version`,
              })
            : await insert.onConflictDoNothing({ target: pgPk as never });
          inserted += result.rowCount ?? 0;
          done += rows.length;
          options.onProgress?.(pair.name, done, total);
        }
        await pgq.execute(sql`alter table ${sql.identifier(pair.name)} enable trigger user`);
        if (pair.name === 'features') {
          // What the features_search_on_feature trigger would have written, for every feature still without it.
          searchRows =
            (
              await pgq.execute(sql`
            insert into features_search (id, document)
            select f.id, features_search_document(f, g.name) from features f left join games g on g.id = f.game_id
            on conflict (id) do nothing`)
            ).rowCount ?? 0;
        }
      });
      copied.set(pair.name, inserted);
      // Right after its table, so a run stopped halfway never leaves a copied table with a sequence behind its ids.
      sequences += await advanceSequences(pgq, pair, handedOut);
    }

    const tables: TableReport[] = [];
    for (const pair of pairs) {
      tables.push({
        table: pair.name,
        sqlite: sourceCounts.get(pair.name)!,
        postgres: await targetCount(pgq, pair.pg),
        copied: copied.get(pair.name)!,
      });
    }
    const searchCount = Number((await pgq.execute(sql`select count(*) as n from features_search`)).rows[0].n);
    tables.push({
      table: 'features_search',
      sqlite: sourceCounts.get('features')!,
      postgres: searchCount,
      copied: searchRows,
    });
    const mismatches = tables.filter((t) => t.sqlite !== t.postgres);
    return { tables, mismatches, sequences, ok: mismatches.length === 0 };
  } finally {
    closeDatabase(lite);
    if (pgDb) await closePostgresDatabase(pgDb);
  }
}

/**
 * Moves the table's serial sequences past the largest id SQLite ever handed out (sqlite_sequence) and past every
 * copied row; never back. Returns how many sequences were moved.
 */
async function advanceSequences(pgq: AnyPg, pair: Pair, handedOut: Map<string, number>): Promise<number> {
  let moved = 0;
  for (const col of getPgTableConfig(pair.pg).columns) {
    if (col.columnType !== 'PgSerial') continue;
    const seqName = (await pgq.execute(sql`select pg_get_serial_sequence(${pair.name}, ${col.name}) as name`)).rows[0]
      .name as string | null;
    if (!seqName) continue;
    const max = (
      await pgq.execute(
        sql`select coalesce(max(${sql.identifier(col.name)}), 0) as max from ${sql.identifier(pair.name)}`,
      )
    ).rows[0].max;
    const target = Math.max(Number(max), handedOut.get(pair.name) ?? 0);
    const state = (await pgq.execute(sql`select last_value, is_called from ${sql.raw(seqName)}`)).rows[0] as {
      last_value: number | string;
      is_called: boolean;
    };
    const used = state.is_called ? Number(state.last_value) : Number(state.last_value) - 1;
    if (target > used) {
      await pgq.execute(sql`select setval(${seqName}::regclass, ${target}, true)`);
      moved += 1;
    }
  }
  return moved;
}
