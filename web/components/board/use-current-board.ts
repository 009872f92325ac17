import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { UNTITLED_BOARD_TITLE } from '#shared/constants';
import { createBoardOptimistic, highestBoardId } from '../../data/boards.queries';
import type { Board } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';

/**
 * Current-board rules (spec board-workspace §4): the highest id on load; a user with no boards gets one
 * 'Untitled' board, created once; a current id that disappeared from the list falls back to the highest.
 */
export function useCurrentBoard(userId: number | undefined, boards: Board[] | undefined) {
  const queryClient = useQueryClient();
  const currentBoardId = useAppStore((s) => s.currentBoardId);
  const setCurrentBoardId = useAppStore((s) => s.setCurrentBoardId);

  useEffect(() => {
    if (userId === undefined || !boards) return;
    if (boards.length === 0) {
      // Spec §4: created "once" in this page's life, even if the list is still empty on the next render.
      if (!useAppStore.getState().claimUntitledBoard(userId)) return;
      void createBoardOptimistic(queryClient, userId, UNTITLED_BOARD_TITLE);
      return;
    }
    if (currentBoardId === null || !boards.some((b) => b.id === currentBoardId)) {
      setCurrentBoardId(highestBoardId(boards));
    }
  }, [userId, boards, currentBoardId, setCurrentBoardId, queryClient]);
}
