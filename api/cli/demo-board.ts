import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config';
import { closeConfiguredDatabase, openConfiguredDatabase } from '../db/open-database';
import { seedPlans } from '../db/seed-plans';
import { usersRepo } from '../db/repositories/users.repo';
import { systemClock, type AppDeps } from '../deps';
import { createDemoBoard } from '../services/demo-board.service';
import { PLANS } from '#shared/plans';
import { createAppDeps } from '../app-deps';

/**
 * npm run demo:board -- --cards 10000 [--email dev@localhost] [--sections 40] [--title "..."]
 * Creates a board of N catalogue cards for a user (created if missing), laid out, with a progress bar.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      cards: { type: 'string', default: '10000' },
      sections: { type: 'string', default: '40' },
      email: { type: 'string', default: 'dev@localhost' },
      title: { type: 'string' },
      /** 'json': one JSON object per line on stdout ({done,total} … then the result), for the API to stream. */
      progress: { type: 'string', default: 'bar' },
    },
  });
  const jsonProgress = values.progress === 'json';
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  await seedPlans(db, config);
  const deps: AppDeps = createAppDeps({ db, config, clock: systemClock });
  const email = values.email!.trim().toLowerCase();
  const user =
    (await usersRepo.getByEmail(db, email)) ??
    (await usersRepo.create(db, {
      email,
      firstName: email.split('@')[0],
      monthlyLimit: PLANS[0].monthlyLimit,
      usageResetDate: new Date(Date.now() + 30 * 24 * 60 * 60_000),
    }));

  const bar = new cliProgress.SingleBar(
    { format: 'Demo board |{bar}| {percentage}% · {value}/{total} cards · {duration}s' },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  let barStarted = false;
  const result = await createDemoBoard(deps, {
    userId: user.id,
    cards: Number(values.cards),
    sections: Number(values.sections),
    title: values.title,
    onProgress: (done, total) => {
      if (jsonProgress) {
        process.stdout.write(`${JSON.stringify({ done, total })}\n`);
        return;
      }
      if (!barStarted) {
        bar.start(total, 0);
        barStarted = true;
      }
      bar.update(done);
    },
  });
  if (barStarted) bar.stop();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (jsonProgress) {
    process.stdout.write(`${JSON.stringify({ ...result, seconds: Number(seconds) })}\n`);
    await closeConfiguredDatabase(db);
    return;
  }
  console.log(
    `Board ${result.boardId} for ${email}: ${result.cards} cards in ${result.sections} sections, ${seconds} s`,
  );
  await closeConfiguredDatabase(db);
}

try {
  await main();
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  if (process.argv.includes('json')) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  console.error(message);
  process.exit(1);
}
