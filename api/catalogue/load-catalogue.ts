import type { Db } from '../db/client';
import { collectionsRepo } from '../db/repositories/collections.repo';
import { featuresRepo } from '../db/repositories/features.repo';
import { gamesRepo } from '../db/repositories/games.repo';
import type { CataloguePlan } from './catalogue-plan';

export type LoadCounts = { games: number; features: number; collections: number };

/**
 * Writes a planned catalogue into the games, features and collections tables in one transaction: games by name,
 * features by (game, feature_screen_name), collections by slug (their items replaced). Idempotent: loading the
 * same plan again changes nothing, and a changed file updates rows in place (ids stay, so cards keep featureId).
 * Features loaded earlier from another source (an import) are left alone.
 */
export function loadCatalogue(db: Db, plan: Pick<CataloguePlan, 'games' | 'features' | 'collections'>): LoadCounts {
  return db.transaction(
    (tx) => {
      gamesRepo.upsertMany(
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
      const gameIds = gamesRepo.idsByName(tx, plan.games.map((g) => g.name));
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
      featuresRepo.upsertMany(tx, rows);
      const featureIds = featuresRepo.idsByKey(tx, [...gameIds.values()]);
      for (const c of plan.collections) {
        const items = c.sections.flatMap((section) =>
          section.features.flatMap((ref) => {
            const id = featureIds.get(`${gameIds.get(ref.game)}\u0000${ref.feature_screen_name}`);
            return id === undefined ? [] : [{ featureId: id, sectionTitle: section.title }];
          }),
        );
        collectionsRepo.upsertWithItems(
          tx,
          { slug: c.slug, name: c.name, category: c.category, description: c.description, type: c.type, isNew: c.new, imageUrl: c.imageUrl, sortOrder: c.sortOrder },
          items,
        );
      }
      return { games: plan.games.length, features: rows.length, collections: plan.collections.length };
    },
    { behavior: 'immediate' },
  );
}
