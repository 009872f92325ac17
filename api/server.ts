import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { closeConfiguredDatabase, openConfiguredDatabase } from './db/open-database';
import { seedPlans } from './db/seed-plans';
import { systemClock, type AppDeps } from './deps';
import { createStripeClient } from './billing/stripe-client';
import { seedCatalogueAtStart } from './catalogue/seed-demo';
import { createLlmClient } from './search/llm';
import { decideUndecidedLocks } from './services/section-lock.service';
import { sweepOwnImages } from './services/own-images.service';
import { createObjectStore, storageFor } from './storage/storage-for';

/** How often images no card shows are looked for (they are removed after ORPHAN_GRACE_MS). */
const OWN_IMAGE_SWEEP_MS = 10 * 60_000;

/** `npm start`: one process serving the API under /api and the built web app everywhere else. */
async function main() {
  const config = loadConfig();
  console.log(`Dev login is ${config.devLoginEnabled ? 'on' : 'off'}: ${config.devLoginReason}.`);
  // SQLite file in the data folder, or PostgreSQL when DATABASE_URL is set (migrated at start, under a lock).
  const db = await openConfiguredDatabase(config);
  await seedPlans(db, config);
  // Boards from before the lock was stored: decided once now, from the titles their free owners see today.
  await decideUndecidedLocks(db);
  const deps: AppDeps = {
    db,
    config,
    clock: systemClock,
    stripe: createStripeClient(config),
    llm: createLlmClient(config),
    storage: createObjectStore(config),
  };
  if (config.LOOT_SEED_CATALOGUE === '1') await seedCatalogueAtStart(db, storageFor(deps));

  const webDir = config.LOOT_WEB_DIR ? path.resolve(config.LOOT_WEB_DIR) : fileURLToPath(new URL('../dist/web', import.meta.url));
  const app = createApp(deps, { webDir });
  const server = serve({ fetch: app.fetch, port: config.PORT }, (info) => {
    const files = config.s3 ? `s3://${config.s3.bucket}/${config.s3.prefix}` : path.relative(process.cwd(), config.storageDir) || '.';
    console.log(`Loot is serving http://localhost:${info.port} (data: ${path.relative(process.cwd(), config.dataDir) || '.'}, files: ${files})`);
  });

  const sweep = setInterval(() => {
    sweepOwnImages(deps).catch((err) => console.error('Own image sweep failed', err));
  }, OWN_IMAGE_SWEEP_MS);
  sweep.unref();

  const shutdown = () => {
    clearInterval(sweep);
    server.close();
    void closeConfiguredDatabase(db).finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
