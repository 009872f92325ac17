import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Section } from '../../data/wire';
import { lockedSectionsSeen, rememberLockedSections, unlockedSince } from '../../logic/unlock-layout';
import { useAppStore } from '../../stores/app.store';
import { isLayoutRunning, organizeBoard } from '../../flows/organize';

/** How long to wait for another layout run (or a search's drop-in) before trying again. */
const RETRY_MS = 300;
const MAX_TRIES = 20;

/**
 * Lays a board out when sections that were locked on the free plan open up (after an upgrade): their cards
 * arrive with the positions they had before and would overlap the sections laid out without them.
 * `sections` is null until the board's cards and sections are loaded and settled.
 */
export function useUnlockLayout(boardId: number | null, sections: readonly Section[] | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (boardId === null || boardId <= 0 || !sections) return;
    const nowLocked = sections.filter((s) => s.locked).map((s) => s.id);
    if (!unlockedSince(lockedSectionsSeen(boardId), sections)) {
      rememberLockedSections(boardId, nowLocked);
      return;
    }
    let cancelled = false;
    let tries = 0;
    const attempt = async () => {
      if (cancelled) return;
      tries += 1;
      const busy = isLayoutRunning() || useAppStore.getState().autoLayoutDisabled;
      if (!busy && (await organizeBoard(queryClient, boardId, { record: false }))) {
        rememberLockedSections(boardId, nowLocked);
        return;
      }
      if (tries < MAX_TRIES) window.setTimeout(() => void attempt(), RETRY_MS);
    };
    void attempt();
    return () => {
      cancelled = true;
    };
  }, [boardId, sections, queryClient]);
}
