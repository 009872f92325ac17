import type { StateCreator } from 'zustand';
import type { BoardPerson } from '#shared/presence';
import type { AppState } from './app.store';

/** Who has the open board open now ("Presence"), as its live stream last said; empty when none is open. */
export type PresenceSlice = {
  presence: BoardPerson[];
  setPresence: (people: BoardPerson[]) => void;
};

export const createPresenceSlice: StateCreator<AppState, [['zustand/immer', never]], [], PresenceSlice> = (set) => ({
  presence: [],
  setPresence: (people) => set((s) => void (s.presence = people)),
});
