import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followUser } from './live-stream';

/**
 * Keeps a signed-in page hearing the user's own news (their boards list, plan and usage, live-stream.ts) through
 * one stream: on a page showing a board (`showsBoard`) the board's stream carries it; otherwise the user's own
 * stream is followed (docs/decisions/0022).
 */
export function useUserLive(userId: number | null | undefined, showsBoard = false) {
  const queryClient = useQueryClient();
  const follow = userId !== null && userId !== undefined && !showsBoard;
  useEffect(() => {
    if (!follow) return;
    const live = followUser(queryClient);
    return () => live.close();
  }, [follow, userId, queryClient]);
}
