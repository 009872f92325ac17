import cliProgress from 'cli-progress';
import { seedDemoCatalogue } from '../catalogue/seed-demo';
import { loadConfig } from '../config';
import { closeConfiguredDatabase, openConfiguredDatabase } from '../db/open-database';
import { seedPlans } from '../db/seed-plans';
import { createStorage } from '../storage/storage-for';
import { runCli } from './run-cli';

/**
 * npm run catalogue:seed — loads the demo catalogue (assets/catalogue) into the database of LOOT_DATA_DIR and
 * draws every missing screenshot, variant and collection cover into storage, with a progress bar. The server
 * does the same at start; this is for preparing a machine (or a CI cache) ahead of time.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const db = await openConfiguredDatabase(config);
  await seedPlans(db, config);
  const bar = new cliProgress.SingleBar(
    { format: 'Catalogue images |{bar}| {percentage}% · {value}/{total} · {drawn} drawn', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  try {
    const result = await seedDemoCatalogue({
      db,
      storage: createStorage(config, db),
      onProgress: (p) => {
        if (!started) {
          started = true;
          bar.start(p.total, p.done, { drawn: p.drawn });
        }
        bar.update(p.done, { drawn: p.drawn });
      },
    });
    if (started) bar.stop();
    for (const p of result.problems) console.warn(`Left out ${p.file}${p.item ? ` (${p.item})` : ''}: ${p.message}`);
    const { games, features, collections } = result.counts;
    console.log(
      `Catalogue: ${games} games, ${features} features, ${collections} collections; ${result.images.total} images in ${config.s3 ? `s3://${config.s3.bucket}/${config.s3.prefix}` : config.storageDir} (${result.images.drawn} drawn now).`,
    );
    return result.problems.length ? 1 : 0;
  } finally {
    await closeConfiguredDatabase(db);
  }
}

runCli(main);
