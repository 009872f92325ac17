import { getTableConfig as pgTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../api/db/schema';
import { pgSchema } from '../../../api/db/schema.pg';

/**
 * The SQLite and PostgreSQL schemas describe the same database: same tables, columns, nullability,
 * defaults, keys, indexes and foreign keys, with column types that carry the same values. Fails when one changes
 * without the other.
 */

/** Which PostgreSQL column type carries each SQLite column kind's values (see schema.pg.ts). */
const SAME_VALUES: Record<string, string[]> = {
  SQLiteInteger: ['integer', 'serial', 'bigint'],
  SQLiteTimestamp: ['bigint'],
  SQLiteBoolean: ['boolean'],
  SQLiteReal: ['double precision'],
  SQLiteText: ['text'],
  SQLiteTextJson: ['text'],
};

type Shape = {
  name: string;
  columns: Record<
    string,
    { kind: string; notNull: boolean; hasDefault: boolean | null; primary: boolean; unique: boolean }
  >;
  indexes: string[];
  foreignKeys: string[];
};

const indexText = (name: string | undefined, unique: boolean, columns: string[], where: boolean) =>
  `${unique ? 'unique ' : ''}${name} (${columns.join(', ')})${where ? ' where …' : ''}`;

function sqliteShape(table: SQLiteTable): Shape {
  const c = sqliteTableConfig(table);
  return {
    name: c.name,
    columns: Object.fromEntries(
      // A primary key's default is the engine's (SQLite's rowid, PostgreSQL's serial): ids are compared by kind only.
      c.columns.map((col) => [
        col.name,
        {
          kind: col.columnType,
          notNull: col.notNull,
          hasDefault: col.primary ? null : col.hasDefault,
          primary: col.primary,
          unique: col.isUnique,
        },
      ]),
    ),
    indexes: c.indexes
      .map((i) =>
        indexText(
          i.config.name,
          i.config.unique,
          i.config.columns.map((x) => (x as { name: string }).name),
          i.config.where !== undefined,
        ),
      )
      .sort(),
    foreignKeys: c.foreignKeys
      .map((fk) => {
        const r = fk.reference();
        return `${r.columns.map((x) => x.name).join(',')} → ${sqliteTableConfig(r.foreignTable).name}(${r.foreignColumns.map((x) => x.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
      })
      .sort(),
  };
}

/**
 * A PostgreSQL index that ends with the table's serial primary key is the same index as SQLite's without it: every
 * SQLite index holds the rowid, which that key aliases, so PostgreSQL names it to let a read skip the table as
 * SQLite's does.
 */
function withoutTrailingRowid(columns: string[], serialKey: string | undefined): string[] {
  return serialKey !== undefined && columns.length > 1 && columns.at(-1) === serialKey ? columns.slice(0, -1) : columns;
}

function pgShape(table: PgTable): Shape {
  const c = pgTableConfig(table);
  return {
    name: c.name,
    columns: Object.fromEntries(
      c.columns.map((col) => [
        col.name,
        // serial is NOT NULL with a default by definition; SQLite's integer primary key is its rowid alias.
        {
          kind: col.getSQLType(),
          notNull: col.notNull || col.getSQLType() === 'serial',
          hasDefault: col.primary ? null : col.hasDefault,
          primary: col.primary,
          unique: col.isUnique,
        },
      ]),
    ),
    indexes: c.indexes
      .map((i) =>
        indexText(
          i.config.name,
          i.config.unique,
          withoutTrailingRowid(
            i.config.columns.map((x) => (x as { name: string }).name),
            c.columns.find((col) => col.primary && col.getSQLType() === 'serial')?.name,
          ),
          i.config.where !== undefined,
        ),
      )
      .sort(),
    foreignKeys: c.foreignKeys
      .map((fk) => {
        const r = fk.reference();
        return `${r.columns.map((x) => x.name).join(',')} → ${pgTableConfig(r.foreignTable).name}(${r.foreignColumns.map((x) => x.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
      })
      .sort(),
  };
}

describe('schema parity: api/db/schema.ts and api/db/schema.pg.ts', () => {
  it('have the same tables under the same names', () => {
    expect(Object.keys(pgSchema).sort()).toEqual(Object.keys(schema).sort());
  });

  for (const key of Object.keys(schema) as (keyof typeof schema)[]) {
    it(`${key}: same columns, keys, indexes and foreign keys`, () => {
      const lite = sqliteShape(schema[key] as SQLiteTable);
      const pgs = pgShape(pgSchema[key as keyof typeof pgSchema] as PgTable);
      expect(pgs.name).toBe(lite.name);
      expect(Object.keys(pgs.columns)).toEqual(Object.keys(lite.columns));
      for (const [name, col] of Object.entries(lite.columns)) {
        const other = pgs.columns[name];
        expect({
          column: name,
          kind: other.kind,
          allowed: SAME_VALUES[col.kind]?.includes(other.kind) ?? false,
        }).toEqual({ column: name, kind: other.kind, allowed: true });
        expect({
          column: name,
          notNull: other.notNull,
          hasDefault: other.hasDefault,
          primary: other.primary,
          unique: other.unique,
        }).toEqual({
          column: name,
          notNull: col.notNull,
          hasDefault: col.hasDefault,
          primary: col.primary,
          unique: col.unique,
        });
      }
      expect(pgs.indexes).toEqual(lite.indexes);
      expect(pgs.foreignKeys).toEqual(lite.foreignKeys);
    });
  }
});
