import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { boardMembers, boards } from '../schema';

/**
 * "This board id is one the user owns or is a member of" (team boards), for reads that find a row by its
 * own id before the caller checks the user's role on its board (board-access.ts): a card, a section, an own image.
 * Anyone else's rows stay out, so they answer 404 exactly as before.
 */
export function onReachableBoard(boardIdColumn: AnyColumn, userId: number): SQL {
  return sql`${boardIdColumn} in (select ${boards.id} from ${boards} where ${boards.userId} = ${userId} union all select ${boardMembers.boardId} from ${boardMembers} where ${boardMembers.userId} = ${userId})`;
}
