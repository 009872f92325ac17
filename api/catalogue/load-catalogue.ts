import { lockNames, withTransaction } from '../db/transaction';
import type { Db } from '../db/client';
import { collectionsRepo } from '../db/repositories/collections.repo';
import { featuresRepo } from '../db/repositories/features.repo';
import { gamesRepo } from '../db/repositories/games.repo';
import { isGeneratedScreenshotPath, type CataloguePlan } from './catalogue-plan';

export type LoadCounts = { games: number; features: number; collections: number; removed: number };
export type LoadOptions = {
  /**
   * Remove demo features (those drawn by the generator) and collections that are no longer in the files, so a
   * renamed entry does not linger. Only safe when the files were read without problems: a half-saved file must
   * not empty the catalogue.
   */
  prune?: boolean;
};

/**
 * Writes a planned catalogue into the games, features and collections tables in one transaction: games by name,
 * features by (game, feature_screen_name), collections by slug (their items replaced). Idempotent: loading the
 * same plan again changes nothing, and a changed file updates rows in place (ids stay, so cards keep featureId).
 * Features from another source (an import) are never touched; see `prune` for demo entries that left the files.
 * Every instance seeds at start: the load runs under the named lock 'catalogue', one instance after the other (the
 * later ones find everything in place), never interleaved.
 */
export async function loadCatalogue(
  db: Db,
  plan: Pick<CataloguePlan, 'games' | 'features' | 'collections'>,
  options: LoadOptions = {},
): Promise<LoadCounts> {
  return await withTransaction(db, async (tx) => {
    await lockNames(tx, ['catalogue']);
    await gamesRepo.upsertMany(
      tx,
      plan.games.map((g) => ({
        name: g.name,
        genre: g.genre,
        subgenre: g.subgenre,
        tier: g.tier,
        superGenre: g.superGenre,
        orientation: g.orientation,
        storeUrl: g.storeUrl,
        isTop: g.isTop,
        isNew: g.isNew,
        palette: g.palette,
      })),
    );
    const gameIds = await gamesRepo.idsByName(
      tx,
      plan.games.map((g) => g.name),
    );
    const rows = plan.features.flatMap((f) => {
      const gameId = gameIds.get(f.game);
      if (gameId === undefined) return [];
      return [
        {
          gameId,
          featureScreenName: f.feature_screen_name,
          primaryTag: f.primary_tag,
          secondaryTag: f.secondary_tag,
          shortDescription: f.short_description,
          detailedDescription: f.detailed_description,
          gameLink: f.gameLink,
          orientation: f.orientation,
          screenshots: f.screenshotPaths.map((path) => ({ path, url: null })),
        },
      ];
    });
    await featuresRepo.upsertMany(tx, rows);
    const featureIds = await featuresRepo.idsByKey(tx, [...gameIds.values()]);
    let removed = 0;
    if (options.prune) {
      const planned = new Set(rows.map((r) => featureIds.get(`${r.gameId}\u0000${r.featureScreenName}`)));
      const stale = (await featuresRepo.generatedFeatureIds(tx, isGeneratedScreenshotPath)).filter(
        (id) => !planned.has(id),
      );
      await featuresRepo.deleteByIds(tx, stale);
      removed =
        stale.length +
        (await collectionsRepo.deleteAllExcept(
          tx,
          plan.collections.map((c) => c.slug),
        ));
    }
    for (const c of plan.collections) {
      const items = c.sections.flatMap((section) =>
        section.features.flatMap((ref) => {
          const id = featureIds.get(`${gameIds.get(ref.game)}\u0000${ref.feature_screen_name}`);
          return id === undefined ? [] : [{ featureId: id, sectionTitle: section.title }];
        }),
      );
      await collectionsRepo.upsertWithItems(
        tx,
        {
          slug: c.slug,
          name: c.name,
          category: c.category,
          description: c.description,
          type: c.type,
          isNew: c.new,
          imageUrl: c.imageUrl,
          sortOrder: c.sortOrder,
        },
        items,
      );
    }
    return { games: plan.games.length, features: rows.length, collections: plan.collections.length, removed };
  });
}
