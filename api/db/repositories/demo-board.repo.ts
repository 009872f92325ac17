import type { Db } from '../client';
import { sql } from 'drizzle-orm';
import { isPostgres, pgRows } from '../postgres';
import { withSqlite } from '../transaction';
import type { Screenshot } from '../schema';

export type CatalogueFeatureRow = {
  id: number;
  title: string;
  description: string;
  detailedDescription: string;
  game: string;
  gameLink: string;
  primaryTag: string;
  secondaryTag: string;
  orientation: string;
  screenshots: Screenshot[];
};

/** The demo board's catalogue read; its writes go through the board-writer repository. */
export const demoBoardRepo = {
  async catalogueFeatures(db: Db): Promise<CatalogueFeatureRow[]> {
    if (isPostgres(db)) {
      const rows = await pgRows<Omit<CatalogueFeatureRow, 'screenshots'> & { screenshots: string }>(
        db,
        sql`select f.id, f.feature_screen_name title, f.short_description description,
                   f.detailed_description "detailedDescription", g.name game,
                   coalesce(nullif(f.game_link, ''), g.store_url) "gameLink", f.primary_tag "primaryTag",
                   f.secondary_tag "secondaryTag", f.orientation, f.screenshots
              from features f join games g on g.id = f.game_id order by f.id`,
      );
      return rows.map((r) => ({ ...r, screenshots: JSON.parse(r.screenshots) as Screenshot[] }));
    }
    const rows = await withSqlite(
      db,
      (sqlite) =>
        sqlite
          .prepare(
            `select f.id, f.feature_screen_name title, f.short_description description,
                f.detailed_description detailedDescription, g.name game,
                coalesce(nullif(f.game_link, ''), g.store_url) gameLink, f.primary_tag primaryTag,
                f.secondary_tag secondaryTag, f.orientation, f.screenshots
           from features f join games g on g.id = f.game_id order by f.id`,
          )
          .all() as (Omit<CatalogueFeatureRow, 'screenshots'> & { screenshots: string })[],
    );
    return rows.map((r) => ({ ...r, screenshots: JSON.parse(r.screenshots) as Screenshot[] }));
  },
};
