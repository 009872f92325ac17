import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { boards, cards, ownImages } from '../schema';
import { isPostgres } from '../postgres';
import { onReachableBoard } from './reachable-boards';
import type { RepoDb } from './boards.repo';
import { first } from '../dialect';
import { FREE_PLAN_ID } from '#shared/plans';

export type OwnImageRow = typeof ownImages.$inferSelect;
export type NewOwnImageRow = Omit<typeof ownImages.$inferInsert, 'id' | 'orphanedAt'>;

/** True while some card (anyone's: a share recipient's copy counts) shows the image at `url`. */
const shownByAnyCard = (db: RepoDb, url: unknown) =>
  isPostgres(db)
    ? sql`exists (select 1 from cards c where c.source = 'own' and jsonb_exists(c.images::jsonb, ${url}))`
    : sql`exists (select 1 from cards c, json_each(c.images) j where c.source = 'own' and j.value = ${url})`;

/** True when a card's images (JSON text) include `url`. */
const imagesInclude = (db: RepoDb, url: string) =>
  isPostgres(db)
    ? sql`jsonb_exists(${cards.images}::jsonb, ${url})`
    : sql`exists (select 1 from json_each(${cards.images}) j where j.value = ${url})`;

export const ownImagesRepo = {
  async getForUser(db: RepoDb, userId: number, sha256: string): Promise<OwnImageRow | undefined> {
    return db
      .select()
      .from(ownImages)
      .where(and(eq(ownImages.userId, userId), eq(ownImages.sha256, sha256)))
      .limit(1)
      .then(first);
  },
  /** The user's row for this image, made if missing (the same image twice is one row). */
  async upsert(db: RepoDb, row: NewOwnImageRow): Promise<OwnImageRow> {
    await db.insert(ownImages).values(row).onConflictDoNothing();
    const stored = (await this.getForUser(db, row.userId, row.sha256))!;
    if (stored.orphanedAt) await db.update(ownImages).set({ orphanedAt: null }).where(eq(ownImages.id, stored.id));
    return stored;
  },
  /** Whether the user uploaded the image at `url` (and its row is not swept yet). */
  async userUploaded(db: RepoDb, userId: number, url: string): Promise<boolean> {
    return !!(await db
      .select({ id: ownImages.id })
      .from(ownImages)
      .where(and(eq(ownImages.userId, userId), eq(ownImages.url, url)))
      .limit(1)
      .then(first));
  },
  /** Bytes of the user's images that some card still shows: what the storage quota counts. */
  async usedBytes(db: RepoDb, userId: number): Promise<number> {
    const row = await db
      .select({ total: sql<number>`coalesce(sum(${ownImages.bytes}), 0)` })
      .from(ownImages)
      .where(and(eq(ownImages.userId, userId), shownByAnyCard(db, ownImages.url)))
      .limit(1)
      .then(first);
    return Number(row?.total ?? 0);
  },
  /**
   * The privacy rule: the user has a card, on a board they own or are a member of, that shows the image at `url`.
   * On a board they are only a member of, a card the free-plan lock hides (cards.locked while its owner is on the
   * free plan) shows them nothing: a member sees no more than the owner's plan shows, images included.
   */
  async userHasCardShowing(db: RepoDb, userId: number, url: string): Promise<boolean> {
    const hit = await db
      .select({ id: cards.id })
      .from(boards)
      .innerJoin(cards, eq(cards.boardId, boards.id))
      .where(
        and(
          onReachableBoard(boards.id, userId),
          eq(cards.source, 'own'),
          imagesInclude(db, url),
          sql`(${boards.userId} = ${userId} or ${cards.locked} = 0 or coalesce((select u.plan_id from users u where u.id = ${boards.userId}), ${FREE_PLAN_ID}) > ${FREE_PLAN_ID})`,
        ),
      )
      .limit(1)
      .then(first);
    return !!hit;
  },
  /** Sweep, step 1: rows no card shows get the time they were first found so; rows shown again lose it. */
  async markOrphans(db: RepoDb, now: Date): Promise<void> {
    await db
      .update(ownImages)
      .set({ orphanedAt: now })
      .where(and(isNull(ownImages.orphanedAt), sql`not ${shownByAnyCard(db, ownImages.url)}`));
    await db
      .update(ownImages)
      .set({ orphanedAt: null })
      .where(and(isNotNull(ownImages.orphanedAt), shownByAnyCard(db, ownImages.url)));
  },
  /** Sweep, step 2: rows orphaned since `before` or earlier and still shown by no card. */
  async expiredOrphans(db: RepoDb, before: Date): Promise<OwnImageRow[]> {
    return db
      .select()
      .from(ownImages)
      .where(and(lte(ownImages.orphanedAt, before), sql`not ${shownByAnyCard(db, ownImages.url)}`));
  },
  async deleteByIds(db: RepoDb, ids: number[]): Promise<void> {
    if (ids.length > 0) await db.delete(ownImages).where(inArray(ownImages.id, ids));
  },
  /** Whether any user still has a row for this stored file (then the file stays). */
  async anyRowFor(db: RepoDb, sha256: string): Promise<boolean> {
    return !!(await db
      .select({ id: ownImages.id })
      .from(ownImages)
      .where(eq(ownImages.sha256, sha256))
      .limit(1)
      .then(first));
  },
};
