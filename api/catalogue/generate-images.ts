import { STORAGE_VARIANT_WIDTHS } from '#shared/image-urls';
import { localObjectStore } from '../storage/object-store';
import type { Storage } from '../storage/storage-for';
import { ensureVariants, variantRelativePath } from '../storage/variants';
import { fileWorkLocks } from '../storage/work-locks';
import type { CataloguePlan, CoverJob, ScreenJob } from './catalogue-plan';
import { renderCover } from './cover';
import { rasterizeScreen } from './screens/rasterize';
import { renderScreenSvg } from './screens/render-screen';

/**
 * Draws every catalogue image that is not in storage yet: screenshots (with their 96 and 320 px variants), then
 * collection covers (which show screenshots). Safe when several processes share one store (the e2e servers share
 * a folder; instances share a bucket): a job is claimed under the store's work lock (a lock file, or a database
 * lease for a bucket), and a process that finds a job claimed waits for the file instead of drawing it twice.
 */
export type GenerateProgress = { done: number; total: number; drawn: number };
export type GenerateOptions = {
  concurrency?: number;
  onProgress?: (p: GenerateProgress) => void;
  /** How long a lock may be held before another process takes the job over (a crashed owner). */
  staleLockMs?: number;
};

/** A local storage folder's store and lock files (the default, and what tests hand in as a path). */
const localStorageAt = (dir: string): Storage => ({ store: localObjectStore(dir), locks: fileWorkLocks(dir) });

export async function generateCatalogueImages(
  plan: Pick<CataloguePlan, 'screens' | 'covers'>,
  target: Storage | string,
  options: GenerateOptions = {},
): Promise<GenerateProgress> {
  return catalogueImageMaker(plan, target, options).makeAll(options);
}

export type Job = ScreenJob | CoverJob;
type Outcome = 'present' | 'drawn' | 'claimed-elsewhere';

/**
 * Makes the catalogue's images, all of them (makeAll: `npm start` in the background, catalogue:seed) or one as it is
 * asked for (make: a request for an image not drawn yet). A job asked for twice in this process is drawn once, by
 * whichever caller came first; across processes the store's work lock decides.
 */
export function catalogueImageMaker(
  plan: Pick<CataloguePlan, 'screens' | 'covers'>,
  target: Storage | string,
  options: Pick<GenerateOptions, 'staleLockMs'> = {},
) {
  const storage = typeof target === 'string' ? localStorageAt(target) : target;
  const staleLockMs = options.staleLockMs ?? 120_000;
  const jobs = [...plan.screens, ...plan.covers];
  const byKey = new Map<string, Job>();
  for (const job of jobs) {
    byKey.set(job.relative, job);
    for (const width of STORAGE_VARIANT_WIDTHS) byKey.set(variantRelativePath(job.relative, width), job);
  }
  const screenByKey = new Map(plan.screens.map((job) => [job.relative, job]));
  /** Files known to be there: one listing per top folder at the start of makeAll, and every job finished since. */
  const present = new Set<string>();
  const inFlight = new Map<string, Promise<Outcome>>();

  /**
   * Draws the job's image unless it is there. `wait`: when another process holds the job, wait for its file
   * (an image someone asked for) rather than answer 'claimed-elsewhere' (makeAll comes back to those at the end).
   */
  const make = async (job: Job, wait = true): Promise<Outcome> => {
    if (present.has(job.relative)) return 'present';
    let outcome = await (inFlight.get(job.relative) ?? start(job));
    if (outcome === 'claimed-elsewhere' && wait) outcome = await waitForOther(job, storage, present, staleLockMs);
    if (outcome !== 'claimed-elsewhere') present.add(job.relative);
    return outcome;
  };
  const start = (job: Job): Promise<Outcome> => {
    const made = (async () => {
      // A cover shows screenshots: those first (drawn already when makeAll reaches the covers).
      if (job.kind === 'cover') for (const shot of job.screenshots) await makeScreen(shot);
      return drawIfMissing(job, storage, present, staleLockMs);
    })().finally(() => inFlight.delete(job.relative));
    inFlight.set(job.relative, made);
    return made;
  };
  const makeScreen = async (relative: string) => {
    const screen = screenByKey.get(relative);
    if (screen) await make(screen);
  };

  return {
    /** The job that makes `key` (an image or one of its variants), or null when the catalogue makes no such file. */
    jobFor: (key: string): Job | null => byKey.get(key) ?? null,
    make,
    /** Every image not in storage yet, `concurrency` at a time, screenshots before covers; stops early when `signal` aborts. */
    async makeAll(
      run: Pick<GenerateOptions, 'concurrency' | 'onProgress'> & { signal?: AbortSignal } = {},
    ): Promise<GenerateProgress> {
      // One listing per top folder instead of a request per image: on a bucket, a restart checks ~2,000 keys in a few calls.
      const folders = [...new Set(jobs.map((job) => job.relative.split('/')[0]))];
      for (const key of (await Promise.all(folders.map((f) => storage.store.list(f)))).flat()) present.add(key);
      const progress: GenerateProgress = { done: 0, total: jobs.length, drawn: 0 };
      const tick = () => run.onProgress?.({ ...progress });
      tick();
      const count = (outcome: Outcome) => {
        if (outcome === 'drawn') progress.drawn++;
        progress.done++;
        tick();
      };
      for (const group of [plan.screens, plan.covers] as Job[][]) {
        // Jobs another process is drawing are left to it and waited for at the end, so both processes keep drawing.
        const elsewhere: Job[] = [];
        await pool(group, run.concurrency ?? 4, run.signal, async (job) => {
          const outcome = await make(job, false);
          if (outcome === 'claimed-elsewhere') elsewhere.push(job);
          else count(outcome);
        });
        for (const job of elsewhere) if (!run.signal?.aborted) count(await make(job));
      }
      return progress;
    },
  };
}

/** A job is complete when its file exists; variants are written before it, so the file implies them. */
async function drawIfMissing(job: Job, storage: Storage, present: Set<string>, staleLockMs: number): Promise<Outcome> {
  if (present.has(job.relative)) return 'present';
  const lease = await storage.locks.tryTake(job.relative, staleLockMs);
  if (!lease) return 'claimed-elsewhere';
  try {
    if (await storage.store.has(job.relative)) return 'present';
    await draw(job, storage);
    return 'drawn';
  } finally {
    await lease.release();
  }
}

/** Polls until the process that claimed the job finishes it; takes the job over if its lock goes stale. */
async function waitForOther(
  job: Job,
  storage: Storage,
  present: Set<string>,
  staleLockMs: number,
): Promise<'present' | 'drawn'> {
  for (;;) {
    const outcome = await drawIfMissing(job, storage, present, staleLockMs);
    if (outcome !== 'claimed-elsewhere') return outcome;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function draw(job: Job, { store }: Storage): Promise<void> {
  if (job.kind === 'screen') {
    const { full, variants } = await rasterizeScreen(renderScreenSvg(job.game, job.screen, job.index));
    for (const width of STORAGE_VARIANT_WIDTHS)
      await store.put(variantRelativePath(job.relative, width), variants[width]);
    await store.put(job.relative, full);
    return;
  }
  const shots: Buffer[] = [];
  for (const rel of job.screenshots) {
    const shot = await store.get(rel);
    if (shot) shots.push(shot.data);
  }
  const bytes = await renderCover(job, shots);
  await ensureVariants(store, job.relative, bytes);
  await store.put(job.relative, bytes);
}

/** Runs `work` over items with at most `limit` in flight; takes no new item once `signal` has aborted. */
async function pool<T>(
  items: T[],
  limit: number,
  signal: AbortSignal | undefined,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]);
  });
  await Promise.all(workers);
}
