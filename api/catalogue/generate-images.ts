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

export async function generateCatalogueImages(plan: Pick<CataloguePlan, 'screens' | 'covers'>, target: Storage | string, options: GenerateOptions = {}): Promise<GenerateProgress> {
  const storage = typeof target === 'string' ? localStorageAt(target) : target;
  // One listing per top folder instead of a request per image: on a bucket, a restart checks ~2,000 keys in a few calls.
  const folders = [...new Set([...plan.screens, ...plan.covers].map((job) => job.relative.split('/')[0]))];
  const present = new Set((await Promise.all(folders.map((f) => storage.store.list(f)))).flat());
  const total = plan.screens.length + plan.covers.length;
  const progress: GenerateProgress = { done: 0, total, drawn: 0 };
  const tick = () => options.onProgress?.({ ...progress });
  const concurrency = options.concurrency ?? 4;
  const staleLockMs = options.staleLockMs ?? 120_000;

  const run = async (jobs: (ScreenJob | CoverJob)[]) => {
    const waiting: (ScreenJob | CoverJob)[] = [];
    await pool(jobs, concurrency, async (job) => {
      const outcome = await drawIfMissing(job, storage, present, staleLockMs);
      if (outcome === 'claimed-elsewhere') return void waiting.push(job);
      if (outcome === 'drawn') progress.drawn++;
      progress.done++;
      tick();
    });
    for (const job of waiting) {
      if ((await waitForOther(job, storage, present, staleLockMs)) === 'drawn') progress.drawn++;
      progress.done++;
      tick();
    }
  };
  tick();
  await run(plan.screens);
  await run(plan.covers);
  return progress;
}

/** A job is complete when its file exists; variants are written before it, so the file implies them. */
async function drawIfMissing(job: ScreenJob | CoverJob, storage: Storage, present: Set<string>, staleLockMs: number): Promise<'present' | 'drawn' | 'claimed-elsewhere'> {
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
async function waitForOther(job: ScreenJob | CoverJob, storage: Storage, present: Set<string>, staleLockMs: number): Promise<'present' | 'drawn'> {
  for (;;) {
    const outcome = await drawIfMissing(job, storage, present, staleLockMs);
    if (outcome !== 'claimed-elsewhere') return outcome;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function draw(job: ScreenJob | CoverJob, { store }: Storage): Promise<void> {
  if (job.kind === 'screen') {
    const { full, variants } = await rasterizeScreen(renderScreenSvg(job.game, job.screen, job.index));
    for (const width of STORAGE_VARIANT_WIDTHS) await store.put(variantRelativePath(job.relative, width), variants[width]);
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

/** Runs `work` over items with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(workers);
}
