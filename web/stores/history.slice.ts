import type { StateCreator } from 'zustand';
import type { CardIdAliases } from '../logic/card-id-aliases';
import type { AppState } from './app.store';

/**
 * What the chrome shows about undo / redo (the stacks themselves live in web/commands/history.ts), and the card
 * id aliases the commands resolve through: an undone delete re-creates a card under a new id (old → new).
 */
export type HistorySlice = {
  undoLabel: string | null;
  redoLabel: string | null;
  cardIdAliases: CardIdAliases;
  setHistoryLabels: (undoLabel: string | null, redoLabel: string | null) => void;
  aliasCardId: (oldId: number, newId: number) => void;
};

export const createHistorySlice: StateCreator<AppState, [['zustand/immer', never]], [], HistorySlice> = (set) => ({
  undoLabel: null,
  redoLabel: null,
  cardIdAliases: {},
  setHistoryLabels: (undoLabel, redoLabel) =>
    set((s) => {
      s.undoLabel = undoLabel;
      s.redoLabel = redoLabel;
    }),
  aliasCardId: (oldId, newId) =>
    set((s) => {
      if (oldId !== newId) s.cardIdAliases[oldId] = newId;
    }),
});
