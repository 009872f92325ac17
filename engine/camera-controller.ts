/**
 * The engine's camera state: the view, the viewport size, and the two timers the spec gives it — the camera is
 * committed (cameraChange) 150 ms after the last wheel step or at the end of a pan, and the level of detail
 * switches once the camera has rested that long. Math lives in model/camera.ts.
 */
import { WHEEL_COMMIT_DELAY_MS, ZOOM_MIN_FIT } from '#shared/constants';
import { clampZoom, DEFAULT_VIEW, normalizeView, visibleWorldRect } from './model/camera';
import type { CameraView, Rect, Size } from './types';

export type CameraHooks = {
  /** The view changed: draw a frame. */
  changed(): void;
  /** The view was committed (spec: wheel commit delay). */
  committed(view: CameraView): void;
};

export class CameraController {
  view: CameraView;
  size: Size = { width: 1, height: 1 };
  private lastChangeAt = -Infinity;
  private commitTimer: ReturnType<typeof setTimeout> | null = null;
  private restTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    initial: CameraView | undefined,
    private readonly hooks: CameraHooks,
  ) {
    this.view = normalizeView(initial ?? DEFAULT_VIEW);
  }

  snapshot(): CameraView {
    return { zoom: this.view.zoom, offset: { ...this.view.offset } };
  }

  viewport(): Rect {
    return visibleWorldRect(this.view, this.size);
  }

  set(next: CameraView): void {
    const view = { zoom: clampZoom(next.zoom, ZOOM_MIN_FIT), offset: { x: next.offset.x, y: next.offset.y } };
    if (view.zoom === this.view.zoom && view.offset.x === this.view.offset.x && view.offset.y === this.view.offset.y)
      return;
    this.view = view;
    this.lastChangeAt = performance.now();
    // One more frame once the camera rests, for the level-of-detail switch.
    if (this.restTimer) clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => {
      this.restTimer = null;
      this.hooks.changed();
    }, WHEEL_COMMIT_DELAY_MS + 10);
    this.hooks.changed();
  }

  /** Moving: changed since `lastFrameStart`, or within the wheel commit delay (spec: 150 ms). */
  isMoving(now: number, lastFrameStart: number): boolean {
    return this.lastChangeAt > lastFrameStart || now - this.lastChangeAt < WHEEL_COMMIT_DELAY_MS;
  }

  /** Commits the view after `delay` ms (restarted by each call). */
  commit(delay: number): void {
    if (this.commitTimer) clearTimeout(this.commitTimer);
    this.commitTimer = setTimeout(() => {
      this.commitTimer = null;
      this.hooks.committed(this.snapshot());
    }, delay);
  }

  destroy(): void {
    if (this.commitTimer) clearTimeout(this.commitTimer);
    if (this.restTimer) clearTimeout(this.restTimer);
  }
}
