import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupFileName, backupSqlite } from '../db/sqlite-backup';
import { runCli } from './run-cli';

/**
 * npm run db:backup [-- --to <file>]
 * A copy of the SQLite database taken while Loot runs (README: Backups), by default into
 * `$LOOT_DATA_DIR/backups/loot-<time>.db`. PostgreSQL is backed up with its own tools (pg_dump).
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error(
      "DATABASE_URL is set: this database is PostgreSQL, backed up with pg_dump (or your provider's snapshots), not db:backup.",
    );
    return 1;
  }
  const target = path.resolve(values.to ?? path.join(config.dataDir, 'backups', backupFileName(new Date())));
  const started = performance.now();
  const result = backupSqlite(config.dbFile, target);
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up ${config.dbFile} to ${result.file} (${mb} MB, checked, ${Math.round(performance.now() - started)} ms).`,
  );
  return 0;
}

runCli(main);
