import type { StateCreator } from 'zustand';
import type { CameraView } from '#engine/types';
import type { AppState } from './app.store';

/**
 * A mirror of the engine's camera for the chrome (zoom percentage, minimap); the engine stays the source. It is
 * written only from the engine's viewChange event (use-engine-events.ts), so every camera move (toolbar, keys,
 * wheel, focus, framing) reaches it the same way and it never holds a view the engine did not take.
 */
export type CameraMirrorSlice = {
  view: CameraView;
  /** The canvas host's size in CSS pixels (for centring, zoom anchors and the minimap's viewport). */
  canvasSize: { width: number; height: number };
  setViewMirror: (view: CameraView) => void;
  setCanvasSize: (width: number, height: number) => void;
};

export const createCameraMirrorSlice: StateCreator<AppState, [['zustand/immer', never]], [], CameraMirrorSlice> = (
  set,
) => ({
  view: { zoom: 1, offset: { x: 0, y: 0 } },
  canvasSize: { width: 0, height: 0 },
  setCanvasSize: (width, height) =>
    set((s) => {
      s.canvasSize = { width, height };
    }),
  setViewMirror: (view) =>
    set((s) => {
      s.view = { zoom: view.zoom, offset: { x: view.offset.x, y: view.offset.y } };
    }),
});
