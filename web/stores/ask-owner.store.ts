import { create } from 'zustand';

/**
 * The member's "ask the owner to upgrade" dialog: open for one board (a locked section's upgrade button on a board
 * shared with them), or closed.
 */
type AskOwnerState = { boardId: number | null; open(boardId: number): void; close(): void };

export const useAskOwnerStore = create<AskOwnerState>()((set) => ({
  boardId: null,
  open: (boardId) => set({ boardId }),
  close: () => set({ boardId: null }),
}));
