/**
 * Boards whose cards or sections grew through a change laid out elsewhere: another screen's change (the
 * live follower notes it when it applies one) or a query's results, placed by the server. The auto-layout takes the
 * note instead of laying the board out again (auto-layout-decision.ts `remoteGrowth`). Module state, like the board
 * versions it sits beside.
 */
const grownElsewhere = new Set<number>();

export function noteRemoteGrowth(boardId: number): void {
  grownElsewhere.add(boardId);
}

/** Whether the board grew elsewhere since the last call; the note is used up. */
export function takeRemoteGrowth(boardId: number): boolean {
  return grownElsewhere.delete(boardId);
}
