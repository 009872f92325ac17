import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { knownBoardVersion, onBoardVersionSet } from '../../data/board-changes';
import { followBoard } from '../../data/board-live';
import { useAppStore } from '../../stores/app.store';

/**
 * Keeps the open board live: once its cards have loaded (and so its content version is known) the
 * board's event stream is followed until another board is opened or the page goes.
 */
export function useBoardLive(boardId: number | null) {
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState<number | null>(null);
  const ready = boardId !== null && boardId > 0 && (loaded === boardId || knownBoardVersion(boardId) !== undefined);

  useEffect(() => onBoardVersionSet((id) => setLoaded(id)), []);

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
