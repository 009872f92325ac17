/**
 * A separate process running the real app over the same SQLite file, firing searches at once for one user, used
 * by search-concurrency.test.ts to prove the monthly limit holds across processes (SECURITY.md: limits).
 * argv: dbFile cookie boardId attempts clockMs. IPC: sends 'ready', waits for 'go', sends its status tally, exits.
 */
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { closeConfiguredDatabase, openConfiguredDatabase } from '../../api/db/open-database';
import { createAppDeps } from '../../api/app-deps';

// The SQLite file, or a postgres:// URL when the suite runs on PostgreSQL.
const [database, cookie, boardId, attempts, clockMs] = process.argv.slice(2);
const db = await openConfiguredDatabase(
  /^postgres/.test(database) ? { dbFile: '', DATABASE_URL: database } : { dbFile: database },
);
const fixedNow = Number(clockMs);
const app = createApp(
  createAppDeps({
    db,
    config: loadConfig({
      LOOT_DATA_DIR: '.',
      LOOT_SEED_CATALOGUE: '0',
      ...(/^postgres/.test(database) ? { DATABASE_URL: database } : {}),
    }),
    clock: { now: () => new Date(fixedNow) },
  }),
);

const queries = [
  'starter packs',
  'battle pass',
  'gacha',
  'rewarded ads',
  'daily login',
  'tutorial',
  'leaderboards',
  'piggy bank',
];

process.on('message', async (message) => {
  if (message !== 'go') return;
  const statuses = await Promise.all(
    Array.from({ length: Number(attempts) }, async (_, i) => {
      const res = await app.request('/api/gemini/process', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ query: queries[i % queries.length], boardId: Number(boardId) }),
      });
      return res.status;
    }),
  );
  await closeConfiguredDatabase(db);
  process.send!(statuses, () => process.exit(0));
});
process.send!('ready');
