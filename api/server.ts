import type { Server } from 'node:http';
import { isIPv6, type AddressInfo } from 'node:net';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app';
import {
  catalogueImagesInBackground,
  loadCatalogueAtStart,
  type CatalogueImages,
} from './catalogue/catalogue-at-start';
import { loadConfig, type AppConfig } from './config';
import { closeConfiguredDatabase, databasePoolStats, openConfiguredDatabase } from './db/open-database';
import { seedPlans } from './db/seed-plans';
import { systemClock, type AppDeps } from './deps';
import { createStripeClient } from './billing/stripe-client';
import { createMailer } from './mail/mailer';
import { createLlmClient } from './search/llm';
import { drainServers, trackRequests } from './ops/graceful-shutdown';
import { LayoutWorker } from './workers/organize-layout';
import { Lifecycle } from './ops/lifecycle';
import { BoardEventHub } from './live/board-event-hub';
import { StreamRegistry } from './live/stream-registry';
import { isExportRequest } from './routes/export.route';
import { log, logProcessWarnings } from './ops/log';
import { watchDatabasePool } from './ops/metrics';
import { metricsRoutes } from './ops/metrics-route';
import { nativeBuildMismatch } from './ops/native-build';
import {
  databaseStartupError,
  listenStartupError,
  startupStep,
  storageStartupError,
  StartupError,
} from './ops/startup-errors';
import { bundle, runtimeFile } from './runtime-files';
import { decideUndecidedLocks } from './services/section-lock.service';
import { sweepOwnImages } from './services/own-images.service';
import { pruneBoardChanges } from './services/board-ops/changes-since';
import { createObjectStore, createStorage } from './storage/storage-for';
import { loadCatalogueFacts } from './search/catalogue-facts';
import { loadCatalogueWords } from './search/engine';

/** How often images no card shows are looked for (they are removed after ORPHAN_GRACE_MS). */
const OWN_IMAGE_SWEEP_MS = 10 * 60_000;
/** The store's start-up check: a bucket that does not answer in this time is reported, not waited for. */
const STORE_CHECK_TIMEOUT_MS = 10_000;

/**
 * `node dist/server.js` (what `npm start` runs): one process serving the API under /api and the built web app
 * everywhere else. The port opens once the database is migrated and the catalogue's rows are in; the catalogue's
 * images are drawn after, in the background. SIGTERM or SIGINT drains it (api/ops/graceful-shutdown.ts).
 */
async function main() {
  if (bundle) process.setSourceMapsEnabled(true);
  // Node's warnings (a library's deprecation notice, the AWS SDK's about Node versions) as log lines, not stderr text.
  logProcessWarnings(log);
  const config = loadConfig();
  log.info(`Dev login is ${config.devLoginEnabled ? 'on' : 'off'}: ${config.devLoginReason}.`);
  const mailer = createMailer(config, log);
  log.info(mailer.describe());
  // SQLite file in the data folder, or PostgreSQL when DATABASE_URL is set (migrated at start, under a lock).
  const db = await startupStep(
    async () => {
      const opened = await openConfiguredDatabase(config);
      await seedPlans(opened, config);
      // Boards from before the lock was stored: decided once now, from the titles their free owners see today.
      await decideUndecidedLocks(opened);
      return opened;
    },
    (err) => databaseStartupError(err, config),
  );
  watchDatabasePool(() => databasePoolStats(db));
  const store = createObjectStore(config);
  await startupStep(
    () => store.check(),
    (err) => storageStartupError(err, config),
    STORE_CHECK_TIMEOUT_MS,
  );

  const lifecycle = new Lifecycle();
  const deps: AppDeps = {
    db,
    config,
    clock: systemClock,
    eventHub: new BoardEventHub(db),
    streamRegistry: new StreamRegistry(db, config.LOOT_LIVE_HEARTBEAT_MS, () => systemClock.now().getTime()),
    stripe: createStripeClient(config),
    llm: createLlmClient(config),
    storage: createStorage(config, db, store),
    log,
    lifecycle,
    mailer,
    layoutWorker: new LayoutWorker(),
  };
  let catalogueImages: CatalogueImages | null = null;
  if (config.LOOT_SEED_CATALOGUE === '1') {
    const plan = await startupStep(
      () => loadCatalogueAtStart(db, log),
      (err) => databaseStartupError(err, config),
    );
    catalogueImages = catalogueImagesInBackground(plan, deps.storage, log);
    deps.catalogueImages = catalogueImages;
  }

  const webDir = config.LOOT_WEB_DIR ? path.resolve(config.LOOT_WEB_DIR) : runtimeFile(bundle ? 'web' : 'dist/web');
  const server = await listen(createApp(deps, { webDir }), {
    port: config.PORT,
    host: config.LOOT_HOST,
    setting: 'PORT',
  });
  const requests = trackRequests(server, isExportRequest);
  const metricsServer =
    config.metricsOn === 'port'
      ? await listen(metricsRoutes({ token: config.LOOT_METRICS_TOKEN }), {
          port: config.LOOT_METRICS_PORT!,
          host: config.LOOT_METRICS_HOST,
          setting: 'LOOT_METRICS_PORT',
        })
      : null;
  log.info(serving(config, server, metricsServer));
  catalogueImages?.start();
  // The catalogue's words (api/search/spelling.ts), which tell a query's typos from words the references use: read
  // now from the database, or counted in slices between requests and stored for the other instances when this
  // catalogue version has none yet, rather than by the first query (seconds at 100,000 features).
  loadCatalogueWords(db).catch((err: unknown) =>
    log.warn({ err }, 'Reading the catalogue words failed; the first query reads them again'),
  );
  // Likewise what ranking reads of every feature (api/search/catalogue-facts.ts): 0.6 s at 100,000 features.
  loadCatalogueFacts(db).catch((err: unknown) =>
    log.warn({ err }, 'Reading the catalogue facts failed; the first query reads them again'),
  );

  const sweep = setInterval(() => {
    sweepOwnImages(deps).catch((err: unknown) => log.error({ err }, 'Own image sweep failed'));
    // Applied batches are kept a day (catch-up after a reconnect, retried batch ids), then forgotten.
    pruneBoardChanges(deps).catch((err: unknown) => log.error({ err }, 'Board change pruning failed'));
  }, OWN_IMAGE_SWEEP_MS);
  sweep.unref();

  let draining = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (draining) {
      log.warn(`${signal} again: stopping now, without waiting for the requests in flight`);
      process.exit(1);
    }
    draining = true;
    log.info(`${signal} received`);
    drainServers({
      servers: metricsServer ? [server, metricsServer] : [server],
      requests,
      timeoutMs: config.LOOT_SHUTDOWN_TIMEOUT_MS,
      exportCapMs: config.LOOT_SHUTDOWN_EXPORT_CAP_MS,
      log,
      beginDrain: () => lifecycle.drain(),
      async closeResources() {
        clearInterval(sweep);
        await catalogueImages?.stop();
        await deps.layoutWorker.close();
        await closeConfiguredDatabase(db);
      },
    }).then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Opens `port` on `host` for the app (every interface when no host is given); a port that cannot be opened is a
 * StartupError naming `setting`.
 */
function listen(
  app: Pick<Hono, 'fetch'>,
  where: { port: number; host: string | undefined; setting: 'PORT' | 'LOOT_METRICS_PORT' },
): Promise<Server> {
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  // An idle keep-alive connection is closed by whoever is in front first (a proxy's idle timeout is usually 60 s):
  // Node's 5 s default let the server close a connection a client was just reusing, which the client saw as a reset.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  return new Promise((resolve, reject) => {
    server.once('error', (err) => reject(listenStartupError(err, where)));
    server.listen(where.port, where.host, () => resolve(server));
  });
}

/** Where a listener is reached from this machine: `localhost` for every interface, else its own address. */
function urlOf(s: Server): string {
  const { address, port } = s.address() as AddressInfo;
  const host = address === '::' || address === '0.0.0.0' ? 'localhost' : isIPv6(address) ? `[${address}]` : address;
  return `http://${host}:${port}`;
}

function serving(config: AppConfig, server: Server, metricsServer: Server | null): string {
  const files = config.s3
    ? `s3://${config.s3.bucket}/${config.s3.prefix}`
    : path.relative(process.cwd(), config.storageDir) || '.';
  const onApp = config.LOOT_METRICS_TOKEN ? '/metrics (bearer token)' : '/metrics (public: LOOT_METRICS=app)';
  const notServed =
    config.LOOT_METRICS === '0' ? 'off' : 'not served (LOOT_METRICS_PORT or LOOT_METRICS_TOKEN serves them)';
  const metrics = metricsServer ? `${urlOf(metricsServer)}/metrics` : config.metricsOn === 'app' ? onApp : notServed;
  const seconds = (performance.now() / 1000).toFixed(1);
  const cpu = process.cpuUsage();
  const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
  return `Loot is serving ${urlOf(server)} ${seconds} s after start, ${cpuSeconds} s of CPU (data: ${path.relative(process.cwd(), config.dataDir) || '.'}, files: ${files}, metrics: ${metrics})`;
}

main().catch((err: unknown) => {
  // What the operator can act on is one line; anything else keeps its stack for whoever reports it.
  const mismatch = nativeBuildMismatch(err);
  if (mismatch) log.fatal(mismatch);
  else if (err instanceof StartupError || (err instanceof Error && err.message.startsWith('Invalid configuration')))
    log.fatal(err.message);
  else log.fatal({ err }, err instanceof Error ? err.message : String(err));
  process.exit(1);
});
