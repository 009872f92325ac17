import { readCatalogueDir } from '../../api/catalogue/catalogue-files';
import { planCatalogue, toStorageUrl } from '../../api/catalogue/catalogue-plan';

/**
 * Catalogue screenshots the test servers can serve, as storage URLs: the first screenshot of each of the first `n`
 * games (by folder name). Read from the catalogue plan, the same one global-setup.ts's seed drew into the shared
 * storage folder or bucket, so it holds on either backend.
 */
export function catalogueScreenshots(n: number): string[] {
  const firstByGame = new Map<string, string>();
  for (const job of planCatalogue(readCatalogueDir().data).screens) {
    const game = job.relative.split('/')[1];
    if (!firstByGame.has(game)) firstByGame.set(game, job.relative);
  }
  return [...firstByGame.keys()]
    .sort()
    .slice(0, n)
    .map((game) => toStorageUrl(firstByGame.get(game)!));
}

/** The screenshots of one catalogue feature, by game and feature slug ('afk-arena', 'afk-rewards'), as storage URLs. */
export function featureScreenshots(game: string, feature: string): string[] {
  const prefix = `catalogue/${game}/${feature}-`;
  const urls = planCatalogue(readCatalogueDir().data)
    .screens.filter(
      (job) => job.relative.startsWith(prefix) && /^\d+-[0-9a-f]+\.webp$/.test(job.relative.slice(prefix.length)),
    )
    .map((job) => toStorageUrl(job.relative));
  if (!urls.length) throw new Error(`no catalogue screenshots for ${game} / ${feature}`);
  return urls;
}
