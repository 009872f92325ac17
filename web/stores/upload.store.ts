import { create } from 'zustand';

/** A card being uploaded: drawn as a placeholder with a progress ring where it will land. */
export type UploadPlaceholder = { key: number; name: string; world: { x: number; y: number }; progress: number };

type UploadState = {
  placeholders: UploadPlaceholder[];
  add: (p: Omit<UploadPlaceholder, 'key' | 'progress'>) => number;
  progress: (key: number, fraction: number) => void;
  remove: (key: number) => void;
};

let nextKey = 1;

export const useUploadStore = create<UploadState>()((set) => ({
  placeholders: [],
  add: (p) => {
    const key = nextKey++;
    set((s) => ({ placeholders: [...s.placeholders, { ...p, key, progress: 0 }] }));
    return key;
  },
  progress: (key, fraction) =>
    set((s) => ({
      placeholders: s.placeholders.map((p) => (p.key === key ? { ...p, progress: Math.max(p.progress, fraction) } : p)),
    })),
  remove: (key) => set((s) => ({ placeholders: s.placeholders.filter((p) => p.key !== key) })),
}));
