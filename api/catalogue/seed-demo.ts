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
  const images = await generateCatalogueImages(plan, options.storage, {
    onProgress: options.onProgress,
    concurrency: options.concurrency,
  });
  return { counts, problems, images };
}
