import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { boards } from '../schema';
import { first } from '../dialect';

export const shareRepo = {
  /** A board reachable by its share code: only while it is shared. */
  async findSharedBoard(db: Db, code: string) {
    return db
      .select()
      .from(boards)
      .where(and(eq(boards.shareCode, code), eq(boards.isShared, 1)))
      .limit(1)
      .then(first);
  },
  /** The recipient's own copy of this board, if they still have it (one per board: boards_user_board_copy). */
  async copyOwnedBy(db: Pick<Db, 'select'>, recipientId: number, sourceBoardId: number) {
    return db
      .select({ id: boards.id })
      .from(boards)
      .where(and(eq(boards.userId, recipientId), eq(boards.copiedFromBoardId, sourceBoardId)))
      .limit(1)
      .then(first);
  },
};
