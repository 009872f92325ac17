import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { followUser, type LiveStatus } from './live-stream';

/**
 * Keeps a signed-in page hearing the user's own news (their boards list, plan and usage, a member's ask to upgrade,
 * live-stream.ts) through one stream: on a page showing a board (`showsBoard`) the board's stream carries it;
 * otherwise the user's own stream is followed (docs/decisions/0022). Answers that stream's state ('off' when the
 * page follows none), which the page shows on its root as data-live, as the board's canvas does.
 */
export function useUserLive(userId: number | null | undefined, showsBoard = false): LiveStatus | 'off' {
  const queryClient = useQueryClient();
  const follow = userId !== null && userId !== undefined && !showsBoard;
  const [status, setStatus] = useState<LiveStatus | 'off'>('off');
  useEffect(() => {
    if (!follow) return;
    const live = followUser(queryClient, setStatus);
    return () => {
      live.close();
      setStatus('off');
    };
  }, [follow, userId, queryClient]);
  return status;
}
