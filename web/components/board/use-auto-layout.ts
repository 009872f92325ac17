import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { clearLayoutApplied, decideAutoLayout, isLayoutApplied } from '../../logic/layout-flags';
import { takeRemoteGrowth } from '../../logic/remote-growth';
import { useAppStore } from '../../stores/app.store';
import type { BoardEngine } from '#engine/types';
import { frameResults } from './frame-results';
import { isLayoutRunning, organizeBoard } from '../../flows/organize';

type Counts = { cards: number; sections: number };

/**
 * Auto-layout (spec board-workspace §4): once a board's cards and sections have loaded, lay it out and save it
 * the first time it has content; afterwards re-run whenever the number of cards or sections grows through this
 * screen (growth heard from another screen is that screen's to lay out, issue #26). Skipped in
 * the bookmarks or collections view and while disabled; one run at a time; an empty board clears its flag.
 */
export function useAutoLayout(boardId: number | null, counts: Counts | null, engine: BoardEngine | null = null) {
  const engineRef = useRef(engine);
  engineRef.current = engine;
  const queryClient = useQueryClient();
  const viewsOpen = useAppStore((s) => s.bookmarksViewOpen || s.collectionsViewOpen);
  const disabled = useAppStore((s) => s.autoLayoutDisabled);
  const baselines = useRef(new Map<number, Counts>());
  const cards = counts?.cards ?? -1;
  const sections = counts?.sections ?? -1;

  useEffect(() => {
    if (boardId === null || boardId <= 0 || cards < 0) return;
    const now = { cards, sections };
    const decision = decideAutoLayout({
      ...now,
      baseline: baselines.current.get(boardId) ?? null,
      applied: isLayoutApplied(boardId),
      viewsOpen,
      disabled,
      running: isLayoutRunning(),
      remoteGrowth: takeRemoteGrowth(boardId),
    });
    if (decision === 'clear') {
      clearLayoutApplied(boardId);
      baselines.current.set(boardId, now);
    } else if (decision === 'record-baseline') {
      baselines.current.set(boardId, now);
    } else if (decision === 'run') {
      const firstLayout = !isLayoutApplied(boardId);
      // Issue 20: a board laid out for the first time (a collection, a board filled elsewhere) opens on its first
      // open section, clear of the floating chrome.
      const laidOut = firstLayout ? () => frameResults(engineRef.current, queryClient, boardId, null) : undefined;
      void organizeBoard(queryClient, boardId, { record: false, laidOut }).then((ok) => {
        if (ok) baselines.current.set(boardId, now);
      });
    }
  }, [boardId, cards, sections, viewsOpen, disabled, queryClient]);
}
