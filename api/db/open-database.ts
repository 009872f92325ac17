import { closeDatabase, gateOf, openDatabase, type Db } from './client';
import { closePostgresDatabase, isPostgres, openPostgresDatabase, postgresPoolStats } from './postgres';

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else the SQLite file. */
export async function openConfiguredDatabase(config: { dbFile: string; DATABASE_URL?: string }): Promise<Db> {
  return config.DATABASE_URL ? openPostgresDatabase(config.DATABASE_URL) : openDatabase(config.dbFile);
}

export async function closeConfiguredDatabase(db: Db): Promise<void> {
  if (isPostgres(db)) await closePostgresDatabase(db);
  else closeDatabase(db);
}

/**
 * The database's connections for the metrics: PostgreSQL's pool as pg counts it; SQLite's one connection, idle
 * unless a transaction holds it, with what waits for it at its gate.
 */
export function databasePoolStats(db: Db): { total: number; idle: number; waiting: number } {
  if (isPostgres(db)) return postgresPoolStats(db);
  const { busy, waiting } = gateOf(db).load();
  return { total: 1, idle: busy ? 0 : 1, waiting };
}
