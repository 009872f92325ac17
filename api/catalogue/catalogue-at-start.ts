import os from 'node:os';
import cliProgress from 'cli-progress';
import type { Db } from '../db/client';
import type { Logger } from '../ops/log';
import { catalogueImagesPending } from '../ops/metrics';
import type { Storage } from '../storage/storage-for';
import { readCatalogueDir } from './catalogue-files';
import { planCatalogue, type CataloguePlan } from './catalogue-plan';
import { catalogueImageMaker, type GenerateProgress } from './generate-images';
import { loadCatalogue } from './load-catalogue';

/**
 * `npm start` with LOOT_SEED_CATALOGUE=1, before the port opens: the demo catalogue's rows into the database (well
 * under a second), with a warning naming each entry left out. Its images come after (catalogueImagesInBackground).
 */
export async function loadCatalogueAtStart(db: Db, log: Logger): Promise<CataloguePlan> {
  const started = performance.now();
  const { data, problems } = readCatalogueDir();
  const plan = planCatalogue(data);
  const { games, features, collections } = await loadCatalogue(db, plan, { prune: problems.length === 0 });
  for (const p of problems.slice(0, 10))
    log.warn(`Catalogue: left out ${p.file}${p.item ? ` (${p.item})` : ''}: ${p.message}`);
  if (problems.length > 10) log.warn(`Catalogue: ${problems.length - 10} more entries left out`);
  log.info(
    `Catalogue: ${games} games, ${features} features, ${collections} collections (${Math.round(performance.now() - started)} ms)`,
  );
  return plan;
}

export type CatalogueImages = {
  /** Draws the image `key` names (or the image a variant `key` is made from) now, if the catalogue makes it. */
  drawNow(key: string): Promise<boolean>;
  /** Starts drawing every missing image in the background; the port is open by then. */
  start(): void;
  /** Resolves when the background run has ended: every image drawn, or stopped. */
  finished(): Promise<void>;
  /** Takes no new image and waits for those being drawn (a shutdown). */
  stop(): Promise<void>;
};

/**
 * The catalogue's images after the port has opened (README: first start): drawn in the background a few at a
 * time, and any one a request asks for before its turn drawn at once (the same work lock keeps it drawn once, also
 * across instances). Progress: a bar on a terminal, log lines otherwise.
 */
export function catalogueImagesInBackground(
  plan: CataloguePlan,
  storage: Storage,
  log: Logger,
  terminal: NodeJS.WriteStream = process.stderr,
): CatalogueImages {
  const maker = catalogueImageMaker(plan, storage);
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  return {
    drawNow: async (key) => {
      const job = maker.jobFor(key);
      if (!job) return false;
      await maker.make(job);
      return true;
    },
    start() {
      const started = performance.now();
      const report = progressReport(log, terminal);
      running = maker
        .makeAll({
          concurrency: Math.min(4, os.availableParallelism()),
          signal: stopping.signal,
          onProgress: report.update,
        })
        .then((p) => report.end(p, performance.now() - started, stopping.signal.aborted))
        .catch((err: unknown) => {
          report.end(null, performance.now() - started, true);
          log.error(
            { err },
            'Catalogue images: drawing stopped on an error; each image is still drawn when it is asked for',
          );
        });
    },
    finished: async () => {
      await running;
    },
    async stop() {
      stopping.abort();
      await running;
    },
  };
}

/**
 * Progress of the background drawing: on a terminal a bar (cli-progress) once an image is actually drawn; otherwise
 * a log line when drawing starts and at every tenth of the way. A start that finds every image in place says so in
 * one line.
 */
function progressReport(log: Logger, terminal: NodeJS.WriteStream) {
  let bar: cliProgress.SingleBar | null = null;
  let announced = false;
  let lastTenth = -1;
  return {
    update(p: GenerateProgress) {
      catalogueImagesPending.set(p.total - p.done);
      if (p.drawn === 0 || p.total === 0) return;
      if (terminal.isTTY) {
        if (!bar) {
          bar = new cliProgress.SingleBar(
            {
              stream: terminal,
              format: 'Catalogue images |{bar}| {value}/{total} ready · {drawn} drawn · {duration}s',
              hideCursor: true,
            },
            cliProgress.Presets.shades_classic,
          );
          bar.start(p.total, p.done, { drawn: p.drawn });
        }
        bar.update(p.done, { drawn: p.drawn });
        return;
      }
      if (!announced) {
        announced = true;
        lastTenth = Math.floor((p.done / p.total) * 10);
        log.info(
          `Catalogue images: drawing the missing ones in the background (${p.done} of ${p.total} ready); one asked for meanwhile is drawn at once`,
        );
      }
      const tenth = Math.floor((p.done / p.total) * 10);
      if (tenth > lastTenth && p.done < p.total) {
        lastTenth = tenth;
        log.info(`Catalogue images: ${p.done} of ${p.total} ready`);
      }
    },
    end(p: GenerateProgress | null, ms: number, stopped: boolean) {
      bar?.stop();
      if (p && !stopped)
        log.info(`Catalogue images: ${p.total} ready (${p.drawn} drawn now, ${(ms / 1000).toFixed(1)} s)`);
      else if (p)
        log.info(
          `Catalogue images: stopped at ${p.done} of ${p.total}; the rest are drawn at the next start or when asked for`,
        );
    },
  };
}
