import type { StateCreator } from 'zustand';
import { SIDEBAR_BREAKPOINT_PX } from '#shared/constants';
import type { AppState } from './app.store';

export type SidebarSlice = {
  sidebarOpen: boolean;
  toggleSidebar: () => void;
  setSidebarOpen: (open: boolean) => void;
};

/** Spec §2: the sidebar is open by default when the window is at least 768 px wide. */
export function defaultSidebarOpen(windowWidth: number): boolean {
  return windowWidth >= SIDEBAR_BREAKPOINT_PX;
}

export const createSidebarSlice: StateCreator<AppState, [['zustand/immer', never]], [], SidebarSlice> = (set) => ({
  sidebarOpen: typeof window === 'undefined' ? true : defaultSidebarOpen(window.innerWidth),
  toggleSidebar: () => set((s) => void (s.sidebarOpen = !s.sidebarOpen)),
  setSidebarOpen: (open) => set((s) => void (s.sidebarOpen = open)),
});
