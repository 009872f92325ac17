/**
 * A separate process that counts searches against one user through its own SQLite connection, used by
 * usage-consume.test.ts to prove the check-and-increment holds under real concurrency (SECURITY.md: limits).
 * argv: dbFile userId attempts. Talks over IPC: sends 'ready', waits for 'go', sends its tally, exits.
 */
import { loadConfig } from '../../api/config';
import { closeConfiguredDatabase, openConfiguredDatabase } from '../../api/db/open-database';
import { systemClock } from '../../api/deps';
import { AppError } from '../../api/errors';
import { BoardEventHub } from '../../api/live/board-event-hub';
import { consumeSearch } from '../../api/services/usage.service';

// The SQLite file, or a postgres:// URL when the suite runs on PostgreSQL.
const [database, userIdArg, attemptsArg] = process.argv.slice(2);
const db = await openConfiguredDatabase(
  /^postgres/.test(database) ? { dbFile: '', DATABASE_URL: database } : { dbFile: database },
);
const deps = { db, config: loadConfig({ LOOT_DATA_DIR: '.' }), clock: systemClock, eventHub: new BoardEventHub(db) };

process.on('message', async (message) => {
  if (message !== 'go') return;
  const tally = { ok: 0, limitReached: 0, otherErrors: [] as string[] };
  for (let i = 0; i < Number(attemptsArg); i += 1) {
    try {
      await consumeSearch(deps, Number(userIdArg));
      tally.ok += 1;
    } catch (err) {
      if (err instanceof AppError && err.code === 'limit_reached') tally.limitReached += 1;
      else tally.otherErrors.push(String(err));
    }
  }
  await closeConfiguredDatabase(db);
  process.send!(tally, () => process.exit(0));
});
process.send!('ready');
