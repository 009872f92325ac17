import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { decideAutoLayout, grewPastBaseline } from '../../logic/auto-layout-decision';
import { useAppStore } from '../../stores/app.store';
import type { BoardController } from './board-controller';
import { frameResults } from './frame-results';
import { sendBoardOps } from '../../data/board-ops';
import { boardSessions } from '../../data/query-client';
import { isLayoutRunning, organizeBoard } from '../../flows/organize';

type Counts = { cards: number; sections: number };

/**
 * The board's first-auto-layout flag as the server keeps it (boards.auto_layout_done) and whether this
 * reader may write the board (owner or editor). null: the board is not listed yet.
 */
export type LayoutAccess = { done: boolean; mayWrite: boolean };

/** Sets the board's flag on the server (the board.autoLayoutDone op): every screen and member hears it. */
function sendLayoutDone(queryClient: ReturnType<typeof useQueryClient>, boardId: number, value: boolean): void {
  sendBoardOps(queryClient, boardId, [{ type: 'board.autoLayoutDone', value }]).catch((err: unknown) =>
    console.error(err),
  );
}

/**
 * Auto-layout (spec board-workspace §4): once a board's cards and sections have loaded, lay it out and save it
 * the first time it has content; afterwards re-run whenever the number of cards or sections grows through this
 * screen (growth heard from another screen is that screen's to lay out). Skipped in
 * the bookmarks or collections view and while disabled; one run at a time; an empty board clears its flag.
 *
 * "Laid out once" is the board's, kept on the server (`access.done`) and nowhere else: a teammate's first open or
 * another device does not lay the board out again, and the server clears it when the board needs a first layout
 * again (an upgrade opening sections that were laid out as locked placeholders). A viewer never lays out and sets
 * nothing (the server would refuse it).
 */
export function useAutoLayout(
  boardId: number | null,
  counts: Counts | null,
  board: BoardController | null = null,
  access: LayoutAccess | null = null,
) {
  const boardRef = useRef(board);
  boardRef.current = board;
  const queryClient = useQueryClient();
  const viewsOpen = useAppStore((s) => s.bookmarksViewOpen || s.collectionsViewOpen);
  const disabled = useAppStore((s) => s.autoLayoutDisabled);
  const baselines = useRef(new Map<number, Counts>());
  const cards = counts?.cards ?? -1;
  const sections = counts?.sections ?? -1;
  const known = access !== null;
  const serverDone = access?.done ?? false;
  const mayWrite = access?.mayWrite ?? false;

  useEffect(() => {
    if (boardId === null || boardId <= 0 || cards < 0 || !known) return;
    const now = { cards, sections };
    const baseline = baselines.current.get(boardId) ?? null;
    const decision = decideAutoLayout({
      ...now,
      baseline,
      applied: serverDone,
      viewsOpen,
      // A viewer's screen only follows the board: it lays nothing out.
      disabled: disabled || !mayWrite,
      running: isLayoutRunning(),
      // The note is used up only by the growth it explains. Taken by any run, a render between two changes heard
      // one after the other (a delete, then another screen's new card) used it up on the delete, and the next
      // render laid the board out again over the other screen's moves.
      remoteGrowth: grewPastBaseline(now, baseline) && boardSessions(queryClient).session(boardId).takeRemoteGrowth(),
    });
    if (decision === 'clear') {
      if (serverDone && mayWrite) sendLayoutDone(queryClient, boardId, false);
      baselines.current.set(boardId, now);
    } else if (decision === 'record-baseline') {
      baselines.current.set(boardId, now);
    } else if (decision === 'run') {
      const firstLayout = !serverDone;
      // A board laid out for the first time (a collection, a board filled elsewhere) opens on its first
      // open section, clear of the floating chrome.
      const laidOut = firstLayout ? () => frameResults(boardRef.current, queryClient, boardId, null) : undefined;
      // The first layout sets the board's flag in the same batch: one request, one change for every screen.
      void organizeBoard(queryClient, boardId, { record: false, laidOut, firstLayout }).then((ok) => {
        if (ok) baselines.current.set(boardId, now);
      });
    }
  }, [boardId, cards, sections, viewsOpen, disabled, queryClient, known, serverDone, mayWrite]);
}
