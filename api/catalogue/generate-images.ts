import fs from 'node:fs';
import path from 'node:path';
import { STORAGE_VARIANT_WIDTHS } from '../../shared/image-urls';
import { writeFileAtomic } from '../storage/atomic-write';
import { ensureVariants, variantRelativePath } from '../storage/variants';
import type { CataloguePlan, CoverJob, ScreenJob } from './catalogue-plan';
import { renderCover } from './cover';
import { rasterizeScreen } from './screens/rasterize';
import { renderScreenSvg } from './screens/render-screen';

/**
 * Draws every catalogue image that is not in storage yet: screenshots (with their 96 and 320 px variants), then
 * collection covers (which show screenshots). Safe when several processes share one storage folder (the e2e
 * servers do): a job is claimed with an exclusive lock file, written through temp file + rename, and a process
 * that finds a job claimed waits for the file instead of drawing it twice.
 */
export type GenerateProgress = { done: number; total: number; drawn: number };
export type GenerateOptions = {
  concurrency?: number;
  onProgress?: (p: GenerateProgress) => void;
  /** How long a lock may be held before another process takes the job over (a crashed owner). */
  staleLockMs?: number;
};

const LOCK_SUFFIX = '.lock';

export async function generateCatalogueImages(plan: Pick<CataloguePlan, 'screens' | 'covers'>, storageDir: string, options: GenerateOptions = {}): Promise<GenerateProgress> {
  const total = plan.screens.length + plan.covers.length;
  const progress: GenerateProgress = { done: 0, total, drawn: 0 };
  const tick = () => options.onProgress?.({ ...progress });
  const concurrency = options.concurrency ?? 4;
  const staleLockMs = options.staleLockMs ?? 120_000;

  const run = async (jobs: (ScreenJob | CoverJob)[]) => {
    const waiting: (ScreenJob | CoverJob)[] = [];
    await pool(jobs, concurrency, async (job) => {
      const outcome = await drawIfMissing(job, storageDir, staleLockMs);
      if (outcome === 'claimed-elsewhere') return void waiting.push(job);
      if (outcome === 'drawn') progress.drawn++;
      progress.done++;
      tick();
    });
    for (const job of waiting) {
      if ((await waitForOther(job, storageDir, staleLockMs)) === 'drawn') progress.drawn++;
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
const isComplete = (storageDir: string, relative: string) => fs.existsSync(path.join(storageDir, relative));

async function drawIfMissing(job: ScreenJob | CoverJob, storageDir: string, staleLockMs: number): Promise<'present' | 'drawn' | 'claimed-elsewhere'> {
  if (isComplete(storageDir, job.relative)) return 'present';
  const target = path.join(storageDir, job.relative);
  const lock = target + LOCK_SUFFIX;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (!claim(lock, staleLockMs)) return 'claimed-elsewhere';
  try {
    if (isComplete(storageDir, job.relative)) return 'present';
    await draw(job, storageDir);
    return 'drawn';
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function claim(lock: string, staleLockMs: number): boolean {
  try {
    fs.closeSync(fs.openSync(lock, 'wx'));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    try {
      if (Date.now() - fs.statSync(lock).mtimeMs > staleLockMs) {
        fs.rmSync(lock, { force: true });
        fs.closeSync(fs.openSync(lock, 'wx'));
        return true;
      }
    } catch {
      // Another process removed or re-took the lock between our calls: treat the job as theirs.
    }
    return false;
  }
}

/** Polls until the process that claimed the job finishes it; takes the job over if its lock goes stale. */
async function waitForOther(job: ScreenJob | CoverJob, storageDir: string, staleLockMs: number): Promise<'present' | 'drawn'> {
  for (;;) {
    const outcome = await drawIfMissing(job, storageDir, staleLockMs);
    if (outcome !== 'claimed-elsewhere') return outcome;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function draw(job: ScreenJob | CoverJob, storageDir: string): Promise<void> {
  if (job.kind === 'screen') {
    const { full, variants } = await rasterizeScreen(renderScreenSvg(job.game, job.screen, job.index));
    for (const width of STORAGE_VARIANT_WIDTHS) await writeFileAtomic(path.join(storageDir, variantRelativePath(job.relative, width)), variants[width]);
    await writeFileAtomic(path.join(storageDir, job.relative), full);
    return;
  }
  const shots: Buffer[] = [];
  for (const rel of job.screenshots) {
    const file = path.join(storageDir, rel);
    if (fs.existsSync(file)) shots.push(await fs.promises.readFile(file));
  }
  const bytes = await renderCover(job, shots);
  await ensureVariants(storageDir, job.relative, bytes);
  await writeFileAtomic(path.join(storageDir, job.relative), bytes);
}

/** Runs `work` over items with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(workers);
}
