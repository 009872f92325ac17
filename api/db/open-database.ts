import { closeDatabase, openDatabase, type Db } from './client';
import { closePostgresDatabase, isPostgres, openPostgresDatabase } from './postgres';

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else the SQLite file (issue #16). */
export async function openConfiguredDatabase(config: { dbFile: string; DATABASE_URL?: string }): Promise<Db> {
  return config.DATABASE_URL ? openPostgresDatabase(config.DATABASE_URL) : openDatabase(config.dbFile);
}

export async function closeConfiguredDatabase(db: Db): Promise<void> {
  if (isPostgres(db)) await closePostgresDatabase(db);
  else closeDatabase(db);
}
