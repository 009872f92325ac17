import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { closePostgresDatabase, openPostgresDatabase } from '../../api/db/postgres';
import { seedPlans } from '../../api/db/seed-plans';
import { loadConfig } from '../../api/config';
import { usersRepo } from '../../api/db/repositories/users.repo';
import { PG_TEMPLATE_DATABASE } from '../helpers/pg-global-setup';
import { resetToTemplate } from '../helpers/pg-test-databases';
import { testDialect } from '../helpers/test-app';

/**
 * The postgres project reuses a closed test's database (tests/helpers/pg-test-databases.ts): what it hands on must
 * be exactly a fresh copy of the template, and a database it cannot put back so must not be handed on.
 */
describe.skipIf(testDialect() !== 'postgres')('PostgreSQL test databases put back for reuse', () => {
  const adminUrl = () => inject('lootPgAdminUrl');
  const snapshot = () => inject('lootPgTemplateSnapshot');
  const onDb = async <T>(url: string, fn: (c: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const urlOf = (name: string) => {
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    return url.toString();
  };
  /** Rows of every table and every sequence's state: two databases with equal states read as fresh copies alike. */
  const stateOf = (url: string) =>
    onDb(url, async (c) => {
      const state: Record<string, unknown> = {};
      for (const table of snapshot().tables) state[table] = (await c.query(`select * from ${table} order by 1`)).rows;
      for (const { name } of snapshot().sequences)
        state[name] = (await c.query(`select last_value, is_called from ${name}`)).rows[0];
      return state;
    });
  let made: string[] = [];
  const makeDatabase = async () => {
    const name = `loot_reuse_test_${process.pid}_${made.length}`;
    await onDb(adminUrl(), (c) => c.query(`create database ${name} template ${PG_TEMPLATE_DATABASE}`));
    made.push(name);
    return name;
  };
  afterEach(async () => {
    await onDb(adminUrl(), async (c) => {
      for (const name of made) await c.query(`drop database if exists ${name}`);
    });
    made = [];
  });

  it('empties what a test wrote and restores the template rows and sequences: a fresh copy, next ids included', async () => {
    const fresh = await makeDatabase();
    const used = await makeDatabase();
    const db = await openPostgresDatabase(urlOf(used));
    await seedPlans(db, loadConfig({}));
    for (let i = 0; i < 3; i += 1)
      await usersRepo.create(db, {
        email: `u${i}@example.com`,
        firstName: 'u',
        usageResetDate: new Date(),
        monthlyLimit: 5,
      });
    await onDb(urlOf(used), (c) =>
      c.query("insert into games (name, genre, subgenre) values ('Gem Quest', 'Puzzle', 'Match-3')"),
    );
    await closePostgresDatabase(db);
    expect(await stateOf(urlOf(used))).not.toEqual(await stateOf(urlOf(fresh)));

    expect(await resetToTemplate(urlOf(used), snapshot())).toBe(true);
    expect(await stateOf(urlOf(used))).toEqual(await stateOf(urlOf(fresh)));
    // The next id is a fresh copy's too.
    const next = await onDb(
      urlOf(used),
      async (c) =>
        (await c.query("insert into games (name, genre, subgenre) values ('Again', 'Puzzle', 'Match-3') returning id"))
          .rows,
    );
    expect(next).toEqual([{ id: 1 }]);
  });

  it('leaves alone a database someone is still connected to, or whose schema a test changed', async () => {
    const busy = await makeDatabase();
    await onDb(urlOf(busy), (c) =>
      c.query("insert into games (name, genre, subgenre) values ('Kept', 'Puzzle', 'Match-3')"),
    );
    const holder = new pg.Client({ connectionString: urlOf(busy) });
    await holder.connect();
    try {
      expect(await resetToTemplate(urlOf(busy), snapshot())).toBe(false);
    } finally {
      await holder.end();
    }
    const altered = await makeDatabase();
    await onDb(urlOf(altered), (c) => c.query('alter table users add column nickname text'));
    expect(await resetToTemplate(urlOf(altered), snapshot())).toBe(false);
    const triggered = await makeDatabase();
    await onDb(urlOf(triggered), (c) =>
      c.query(`create function no_op() returns trigger language plpgsql as $$ begin return new; end $$;
               create trigger no_op before insert on users for each row execute function no_op()`),
    );
    expect(await resetToTemplate(urlOf(triggered), snapshot())).toBe(false);
    // The busy one was not emptied.
    expect(await onDb(urlOf(busy), async (c) => (await c.query('select count(*)::int n from games')).rows[0])).toEqual({
      n: 1,
    });
  });
});
