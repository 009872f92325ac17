import type { Db } from '../db/client';
import type { Storage } from '../storage/storage-for';
import { DEFAULT_CATALOGUE_DIR, readCatalogueDir, type CatalogueProblem } from './catalogue-files';
import { planCatalogue } from './catalogue-plan';
import { generateCatalogueImages, type GenerateProgress } from './generate-images';
import { loadCatalogue, type LoadCounts } from './load-catalogue';

export type SeedResult = { counts: LoadCounts; problems: CatalogueProblem[]; images: GenerateProgress };

/**
 * The demo catalogue from assets/catalogue into the database, then every missing image into storage
 * (`npm start` on a fresh machine, `npm run catalogue:seed`, the integrity test). A second run finds
 * everything in place and takes well under a second.
 */
export async function seedDemoCatalogue(options: {
  db: Db;
  /** Where the images go: the app's storage, or a local folder's path. */
  storage: Storage | string;
  catalogueDir?: string;
  onProgress?: (p: GenerateProgress) => void;
  concurrency?: number;
}): Promise<SeedResult> {
  const { data, problems } = readCatalogueDir(options.catalogueDir ?? DEFAULT_CATALOGUE_DIR);
  const plan = planCatalogue(data);
  const counts = await loadCatalogue(options.db, plan, { prune: problems.length === 0 });
  const images = await generateCatalogueImages(plan, options.storage, { onProgress: options.onProgress, concurrency: options.concurrency });
  return { counts, problems, images };
}

/**
 * A progress reporter that keeps to one line: on a terminal a counter rewritten in place while images are being
 * drawn; on a pipe one line when drawing starts; and always one summary line at the end. A restart that finds
 * every image in place prints only the summary.
 */
export function oneLineProgress(label: string, stream: NodeJS.WriteStream = process.stdout): (p: GenerateProgress) => void {
  let announced = false;
  let lastPercent = -1;
  return (p) => {
    if (p.total === 0) return;
    if (p.drawn > 0 && !stream.isTTY && !announced) {
      announced = true;
      stream.write(`${label}: drawing the missing images (${p.done} of ${p.total} ready)...\n`);
    }
    const percent = Math.floor((p.done / p.total) * 100);
    if (p.drawn > 0 && stream.isTTY && percent !== lastPercent) {
      lastPercent = percent;
      stream.write(`\r${label}: ${p.done}/${p.total} images (${percent}%)`);
    }
    if (p.done === p.total) stream.write(`${stream.isTTY && p.drawn > 0 ? '\r' : ''}${label}: ${p.total} images ready (${p.drawn} drawn now)\n`);
  };
}

/**
 * What `npm start` runs after seeding plans (LOOT_SEED_CATALOGUE=1): the demo catalogue and its images, with a
 * one-line progress report and a warning naming each catalogue entry that was left out.
 */
export async function seedCatalogueAtStart(db: Db, storage: Storage): Promise<void> {
  const started = Date.now();
  const result = await seedDemoCatalogue({ db, storage, onProgress: oneLineProgress('Catalogue') });
  for (const p of result.problems.slice(0, 10)) console.warn(`Catalogue: left out ${p.file}${p.item ? ` (${p.item})` : ''}: ${p.message}`);
  if (result.problems.length > 10) console.warn(`Catalogue: ${result.problems.length - 10} more entries left out`);
  const { games, features, collections } = result.counts;
  console.log(`Catalogue: ${games} games, ${features} features, ${collections} collections (${Date.now() - started} ms)`);
}
