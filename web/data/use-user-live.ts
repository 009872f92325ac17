import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followUser } from './live-stream';

/**
 * Keeps a signed-in page hearing the user's own news (their boards list, plan and usage, live-stream.ts) through
 * one stream: while `boardStreamOpen`, the board's stream carries it; otherwise the user's own stream is followed.
 */
export function useUserLive(userId: number | null | undefined, boardStreamOpen = false) {
  const queryClient = useQueryClient();
  const follow = userId !== null && userId !== undefined && !boardStreamOpen;
  useEffect(() => {
    if (!follow) return;
    const live = followUser(queryClient);
    return () => live.close();
  }, [follow, userId, queryClient]);
}
