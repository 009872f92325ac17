import type { Db } from '../client';
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

export type BulkCard = {
  sectionId: number | null;
  title: string;
  description: string;
  detailedDescription: string;
  game: string;
  gameLink: string;
  images: string;
  tags: string;
  orientation: string;
  x: number;
  y: number;
  featureId: number;
  /** CardReason[] as JSON (search cards); absent for others. */
  reasons?: string;
};

/**
 * Bulk writes for very large boards: one prepared statement reused for every row inside the caller's
 * transaction (a 100,000-card board is 100,000 executions of one statement, not 100,000 parses).
 */
export const demoBoardRepo = {
  catalogueFeatures(db: Db): CatalogueFeatureRow[] {
    const rows = db.$client
      .prepare(
        `select f.id, f.feature_screen_name title, f.short_description description,
                f.detailed_description detailedDescription, g.name game,
                coalesce(nullif(f.game_link, ''), g.store_url) gameLink, f.primary_tag primaryTag,
                f.secondary_tag secondaryTag, f.orientation, f.screenshots
           from features f join games g on g.id = f.game_id order by f.id`,
      )
      .all() as (Omit<CatalogueFeatureRow, 'screenshots'> & { screenshots: string })[];
    return rows.map((r) => ({ ...r, screenshots: JSON.parse(r.screenshots) as Screenshot[] }));
  },
  insertBoard(db: Db, userId: number, title: string, slug: string, now: number): number {
    const row = db.$client
      .prepare('insert into boards (user_id, title, slug, is_shared, created_at, updated_at) values (?, ?, ?, 0, ?, ?) returning id')
      .get(userId, title, slug, now, now) as { id: number };
    return row.id;
  },
  insertSection(db: Db, boardId: number, s: { title: string; color: string; x: number; y: number; width: number; height: number }, now: number): number {
    const row = db.$client
      .prepare('insert into sections (board_id, title, color, x, y, width, height, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id')
      .get(boardId, s.title, s.color, s.x, s.y, s.width, s.height, now) as { id: number };
    return row.id;
  },
  cardInserter(db: Db, boardId: number, now: number) {
    const statement = db.$client.prepare(
      `insert into cards (board_id, section_id, title, description, detailed_description, game, game_link, images,
                          tags, orientation, is_bookmarked, x, y, feature_id, reasons, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
    );
    return (c: BulkCard) =>
      statement.run(boardId, c.sectionId, c.title, c.description, c.detailedDescription, c.game, c.gameLink, c.images, c.tags, c.orientation, c.x, c.y, c.featureId, c.reasons ?? '[]', now);
  },
  updateSectionBox(db: Db) {
    const statement = db.$client.prepare('update sections set x = ?, y = ?, width = ?, height = ? where id = ?');
    return (id: number, x: number, y: number, width: number, height: number) => statement.run(x, y, width, height, id);
  },
};
