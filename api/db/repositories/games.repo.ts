import { asc, eq, inArray, sql } from 'drizzle-orm';
import { games } from '../schema';
import type { RepoDb } from './boards.repo';
import { first } from '../dialect';

export type GameRow = typeof games.$inferSelect;
export type NewGameRow = Omit<typeof games.$inferInsert, 'id'>;

/** The catalogue's games (shared reference data: no owner). */
export const gamesRepo = {
  /** Inserts or updates games by name (the catalogue's key for a game). */
  async upsertMany(db: RepoDb, rows: NewGameRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(games)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({
          target: games.name,
          set: {
            genre: sql`excluded.genre`,
            subgenre: sql`excluded.subgenre`,
            tier: sql`excluded.tier`,
            superGenre: sql`excluded.super_genre`,
            orientation: sql`excluded.orientation`,
            storeUrl: sql`excluded.store_url`,
            isTop: sql`excluded.is_top`,
            isNew: sql`excluded.is_new`,
            palette: sql`excluded.palette`,
          },
        });
    }
  },
  /** Creates the games that do not exist yet, leaving existing ones as they are (the importer's unknown games). */
  async insertMissing(db: RepoDb, rows: NewGameRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insert(games)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing({ target: games.name });
  },
  async idsByName(db: RepoDb, names: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (let i = 0; i < names.length; i += 500) {
      const rows = await db
        .select({ id: games.id, name: games.name })
        .from(games)
        .where(inArray(games.name, names.slice(i, i + 500)));
      for (const r of rows) out.set(r.name, r.id);
    }
    return out;
  },
  async listByNameChunked(db: RepoDb, names: string[]): Promise<GameRow[]> {
    const out: GameRow[] = [];
    for (let i = 0; i < names.length; i += 500)
      out.push(
        ...(await db
          .select()
          .from(games)
          .where(inArray(games.name, names.slice(i, i + 500)))),
      );
    return out;
  },
  async names(db: RepoDb): Promise<string[]> {
    return (
      await db
        .select({ name: games.name })
        .from(games)
        .orderBy(asc(sql`lower(${games.name})`))
    ).map((r) => r.name);
  },
  /** Every game's name and quick-filter flags, case-insensitively sorted by name. */
  async listForPicker(db: RepoDb): Promise<{ name: string; isTop: boolean; isNew: boolean }[]> {
    return db
      .select({ name: games.name, isTop: games.isTop, isNew: games.isNew })
      .from(games)
      .orderBy(asc(sql`lower(${games.name})`));
  },
  async orientations(db: RepoDb): Promise<{ name: string; orientation: string }[]> {
    return db.select({ name: games.name, orientation: games.orientation }).from(games).orderBy(asc(games.name));
  },
  /** Exact name first, then a case-insensitive match (a card's game name may differ in case). */
  async getByName(db: RepoDb, name: string): Promise<GameRow | undefined> {
    return (
      (await db.select().from(games).where(eq(games.name, name)).limit(1).then(first)) ??
      db
        .select()
        .from(games)
        .where(eq(sql`lower(${games.name})`, name.toLowerCase()))
        .limit(1)
        .then(first)
    );
  },
};
