import type { StateCreator } from 'zustand';
import type { AppState } from './app.store';

/** The image each card's gallery shows on the canvas (engine 'galleryChange'), so Download saves that one. */
export type GallerySlice = {
  shownImages: Record<number, number>;
  setShownImage: (cardId: number, index: number) => void;
};

export const createGallerySlice: StateCreator<AppState, [['zustand/immer', never]], [], GallerySlice> = (set) => ({
  shownImages: {},
  setShownImage: (cardId, index) => set((s) => void (s.shownImages[cardId] = index)),
});
