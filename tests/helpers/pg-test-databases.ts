import pg from 'pg';

/**
 * Test databases of the `postgres` vitest project, reused instead of made for every test.
 *
 * `create database … template loot_template` costs 0.4–0.6 s on the CI's two cores (PostgreSQL copies the whole
 * database, its system catalogues included), which was most of the project's time: a test itself takes a few
 * milliseconds. So a closed test app's database is not dropped but put back into the state of a fresh copy of the
 * template (every table emptied and refilled with the template's rows, every sequence set back) and listed in a
 * table of the cluster's maintenance database, from which the next createTestApp() of any test file takes it.
 *
 * A database is put back only when the state of a fresh copy can be restored exactly: nobody else is connected to
 * it, and its schema (tables, columns, indexes, constraints, triggers, functions, extensions, settings) is still the
 * template's, by fingerprint. Anything else (a test that altered the schema, a connection left open) and it is
 * dropped as before.
 */

/** The list of reset databases, in the cluster's maintenance database (created by the globalSetup). */
const FREE_TABLE = 'loot_reusable_test_databases';

/** What a fresh copy of the template holds, read once from the template by the globalSetup. */
export type PgTemplateSnapshot = {
  fingerprint: string;
  /** Every table, schema-qualified and quoted. */
  tables: string[];
  /** The template's rows of its non-empty tables, as JSON, with the columns to insert (generated ones left out). */
  rows: { table: string; columns: string[]; json: string }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
};

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_to%' and n.nspname not like 'pg\\_temp%'`;

/** One text per schema object (with its definition), hashed: equal fingerprints, equal schemas. */
const FINGERPRINT_SQL = `
  select md5(coalesce(string_agg(item, E'\\n' order by item), '')) fingerprint from (
    select 'rel ' || c.oid::regclass::text || ' ' || c.relkind::text || ' ' || coalesce(pg_get_indexdef(c.oid), '') || ' ' ||
           coalesce((select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' ||
                       a.attgenerated::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ', ' order by a.attnum)
                       from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
                      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}
    union all
    select 'constraint ' || co.conrelid::regclass::text || ' ' || co.conname || ' ' || pg_get_constraintdef(co.oid)
      from pg_constraint co join pg_namespace n on n.oid = co.connamespace where ${USER_SCHEMAS}
    union all
    select 'trigger ' || pg_get_triggerdef(t.oid) || ' ' || t.tgenabled::text from pg_trigger t where not t.tgisinternal
    union all
    select 'function ' || p.oid::regprocedure::text || ' ' || md5(pg_get_functiondef(p.oid))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMAS} and p.prokind in ('f', 'p')
    union all
    select 'extension ' || extname || ' ' || extversion from pg_extension
    union all
    select 'setting ' || array_to_string(s.setconfig, ',') from pg_db_role_setting s
      join pg_database db on db.oid = s.setdatabase where db.datname = current_database()
  ) items`;

async function fingerprint(client: pg.Client): Promise<string> {
  return (await client.query<{ fingerprint: string }>(FINGERPRINT_SQL)).rows[0].fingerprint;
}

/** Reads what a fresh copy of the template holds (run on the template itself, once per test run). */
export async function snapshotTemplate(connectionString: string): Promise<PgTemplateSnapshot> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const tables = (
      await client.query<{ name: string }>(
        `select c.oid::regclass::text name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and ${USER_SCHEMAS} order by 1`,
      )
    ).rows.map((r) => r.name);
    const rows: PgTemplateSnapshot['rows'] = [];
    for (const table of tables) {
      const json = (await client.query<{ json: unknown[] | null }>(`select json_agg(t) json from ${table} t`)).rows[0]
        .json;
      if (!json) continue;
      const columns = (
        await client.query<{ name: string }>(
          `select quote_ident(attname) name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
          [table],
        )
      ).rows.map((r) => r.name);
      rows.push({ table, columns, json: JSON.stringify(json) });
    }
    const sequences: PgTemplateSnapshot['sequences'] = [];
    for (const { name } of (
      await client.query<{ name: string }>(
        `select c.oid::regclass::text name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and ${USER_SCHEMAS} order by 1`,
      )
    ).rows) {
      const { last_value, is_called } = (
        await client.query<{ last_value: string; is_called: boolean }>(
          `select last_value::text, is_called from ${name}`,
        )
      ).rows[0];
      sequences.push({ name, lastValue: last_value, isCalled: is_called });
    }
    return { fingerprint: await fingerprint(client), tables, rows, sequences };
  } finally {
    await client.end();
  }
}

async function onAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The list of reusable databases (globalSetup). */
export async function createReusableList(adminUrl: string): Promise<void> {
  await onAdmin(adminUrl, (c) => c.query(`create table if not exists ${FREE_TABLE} (name text primary key)`));
}

/** A reset database from the list, taken off it (no other test can take it too), or null when none is free. */
export async function takeReusableDatabase(adminUrl: string): Promise<string | null> {
  const rows = await onAdmin(
    adminUrl,
    async (c) =>
      (
        await c.query<{ name: string }>(
          `delete from ${FREE_TABLE} where name = (select name from ${FREE_TABLE} limit 1 for update skip locked) returning name`,
        )
      ).rows,
  );
  return rows[0]?.name ?? null;
}

/**
 * Puts a database no test uses any more back into the template's state and on the list; true when it did.
 * false (nothing listed) when another connection is still open on it or its schema is no longer the template's.
 */
export async function resetForReuse(
  adminUrl: string,
  databaseUrl: string,
  name: string,
  snapshot: PgTemplateSnapshot,
): Promise<boolean> {
  if (!(await resetToTemplate(databaseUrl, snapshot))) return false;
  await onAdmin(adminUrl, (c) => c.query(`insert into ${FREE_TABLE} (name) values ($1)`, [name]));
  return true;
}

/**
 * Puts a database back into the template's state; false (nothing changed) when another connection is still open
 * on it or its schema is no longer the template's. Two round trips: one to check and find the tables that hold
 * rows, one to empty them and restore the rest.
 */
export async function resetToTemplate(databaseUrl: string, snapshot: PgTemplateSnapshot): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const nonEmpty = `array_remove(array[${snapshot.tables.map((t) => `case when exists (select from ${t}) then ${client.escapeLiteral(t)} end`).join(', ')}]::text[], null)`;
    const check = `select (select count(*)::int from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) others,
                          (${FINGERPRINT_SQL}) fingerprint, ${nonEmpty} tables`;
    let state = (await client.query<{ others: number; fingerprint: string; tables: string[] }>(check)).rows[0];
    // A closed pool's server processes may take a moment to exit after their sockets closed.
    for (let attempt = 0; state.others > 0 && attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      state = (await client.query<{ others: number; fingerprint: string; tables: string[] }>(check)).rows[0];
    }
    if (state.others > 0 || state.fingerprint !== snapshot.fingerprint) return false;
    const restored = new Set(snapshot.rows.map((r) => r.table));
    const emptied = [...new Set([...state.tables, ...restored])];
    const statements = [
      'begin',
      // Triggers and foreign keys off for this transaction only: the tables are emptied and refilled in any order,
      // and no trigger writes anything a fresh copy would not hold. DELETE of the few tables a test wrote, not
      // TRUNCATE: truncating one table means truncating every table that references it (most of the schema), new
      // files for each, several times slower.
      'set local session_replication_role = replica',
      ...emptied.map((table) => `delete from ${table}`),
      ...snapshot.rows.map(({ table, columns, json }) => {
        const list = columns.join(', ');
        return `insert into ${table} (${list}) overriding system value select ${list} from json_populate_recordset(null::${table}, ${client.escapeLiteral(json)})`;
      }),
      ...(snapshot.sequences.length
        ? [
            `select ${snapshot.sequences.map((q) => `setval(${client.escapeLiteral(q.name)}::regclass, ${BigInt(q.lastValue)}, ${q.isCalled})`).join(', ')}`,
          ]
        : []),
      'commit',
    ];
    await client.query(statements.join(';\n'));
    return true;
  } finally {
    await client.end();
  }
}
