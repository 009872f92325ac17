import { create } from 'zustand';
import type { IndicatorStatus } from '../../logic/search/indicator-timeline';
import type { ShownReading } from '../../logic/search/reading-edit';

/** A board's last query as its reading chips show it, and the sections its results are (a change replaces them). */
export type BoardReading = ShownReading & { boardId: number; sectionIds: number[] };

/** Spec accounts §9: "Error auto-hide 5 s". */
export const SEARCH_ERROR_HIDE_MS = 5000;

/**
 * The search submit's UI state (spec accounts §4 "Search submit states: hidden, loading, success"): the loot
 * indicator's status, the board the running query writes to, the failure message under the search box, and the
 * notice of how a named scope was met.
 */
type SearchStatusState = {
  status: IndicatorStatus;
  boardId: number | null;
  error: string | null;
  /**
   * How the genre, game or tier the last query named was met, in the server's plain words, for the board
   * it was asked on; it stays until the next query or until dismissed.
   */
  notice: { boardId: number; text: string } | null;
  /** What the last query on a board was read as (the chips); it stays while a changed reading runs. */
  reading: BoardReading | null;
  showReading: (reading: BoardReading | null, notice?: string | null) => void;
  start: (boardId: number) => void;
  succeed: (notice?: string | null) => void;
  dismissNotice: () => void;
  /** The indicator's completion callback (3.5 s after success) or a refusal: back to hidden. */
  hide: () => void;
  /** Spec §8: the status returns to hidden and the message clears after 5 s. */
  fail: (message: string) => void;
  clearError: () => void;
};

let errorTimer: ReturnType<typeof setTimeout> | undefined;

export const useSearchStatus = create<SearchStatusState>()((set) => ({
  status: 'hidden',
  boardId: null,
  error: null,
  notice: null,
  reading: null,
  showReading: (reading, notice) =>
    set({ reading, notice: reading && notice ? { boardId: reading.boardId, text: notice } : null }),
  start: (boardId) => {
    clearTimeout(errorTimer);
    set({ status: 'loading', boardId, error: null, notice: null });
  },
  succeed: (notice) =>
    set((s) => ({
      status: 'success',
      notice: notice && s.boardId !== null ? { boardId: s.boardId, text: notice } : null,
    })),
  dismissNotice: () => set({ notice: null }),
  hide: () => set({ status: 'hidden', boardId: null }),
  fail: (message) => {
    clearTimeout(errorTimer);
    set({ status: 'hidden', boardId: null, error: message });
    errorTimer = setTimeout(() => set({ error: null }), SEARCH_ERROR_HIDE_MS);
  },
  clearError: () => {
    clearTimeout(errorTimer);
    set({ error: null });
  },
}));
