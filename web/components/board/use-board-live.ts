import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { followBoard } from '../../data/board-live';
import { boardSessions } from '../../data/query-client';
import { useAppStore } from '../../stores/app.store';

/**
 * Keeps the open board live: once its cards have loaded (and so its content version is known) the
 * board's event stream is followed until another board is opened or the page goes.
 */
export function useBoardLive(boardId: number | null) {
  const queryClient = useQueryClient();
  const sessions = boardSessions(queryClient);
  const [loaded, setLoaded] = useState<number | null>(null);
  const ready =
    boardId !== null && boardId > 0 && (loaded === boardId || sessions.existing(boardId)?.version !== undefined);

  useEffect(() => sessions.onVersionSet((id) => setLoaded(id)), [sessions]);

  useEffect(() => {
    if (!ready || boardId === null) return;
    const { setLiveStatus: setStatus, setPresence } = useAppStore.getState();
    const live = followBoard(queryClient, boardId, setStatus, setPresence);
    return () => {
      live.close();
      setStatus('off');
      setPresence([]);
    };
  }, [ready, boardId, queryClient]);
}
