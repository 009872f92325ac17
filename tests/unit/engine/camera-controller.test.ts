import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHEEL_COMMIT_DELAY_MS } from '#shared/constants';
import { CameraController } from '#engine/camera-controller';
import type { CameraView } from '#engine/types';

/** The camera's two timers (spec: the wheel commit delay), on vitest's fake clock. */
describe("the camera controller's timers", () => {
  let commits: CameraView[];
  let frames: number;
  let camera: CameraController;

  beforeEach(() => {
    vi.useFakeTimers();
    commits = [];
    frames = 0;
    camera = new CameraController(undefined, { changed: () => frames++, committed: (view) => commits.push(view) });
  });
  afterEach(() => {
    camera.destroy();
    vi.useRealTimers();
  });

  it('commits a wheel burst once, the delay after its last step, with the view of that step', () => {
    for (let step = 1; step <= 5; step++) {
      camera.set({ zoom: 1, offset: { x: step * 10, y: 0 } });
      camera.commit(WHEEL_COMMIT_DELAY_MS);
      vi.advanceTimersByTime(WHEEL_COMMIT_DELAY_MS - 1);
    }
    expect(commits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(commits).toEqual([{ zoom: 1, offset: { x: 50, y: 0 } }]);
    vi.advanceTimersByTime(WHEEL_COMMIT_DELAY_MS * 10);
    expect(commits).toHaveLength(1);
  });

  it('commits a later burst again, and a pan end (delay 0) at once', () => {
    camera.set({ zoom: 1, offset: { x: 10, y: 0 } });
    camera.commit(WHEEL_COMMIT_DELAY_MS);
    vi.advanceTimersByTime(WHEEL_COMMIT_DELAY_MS);
    camera.set({ zoom: 1, offset: { x: 20, y: 0 } });
    camera.commit(0);
    vi.advanceTimersByTime(0);
    expect(commits.map((v) => v.offset.x)).toEqual([10, 20]);
  });

  it('draws one more frame once the camera has rested, for the level-of-detail switch', () => {
    camera.set({ zoom: 1, offset: { x: 10, y: 0 } });
    camera.set({ zoom: 1, offset: { x: 20, y: 0 } });
    expect(frames).toBe(2);
    expect(camera.isMoving(performance.now(), performance.now())).toBe(true);
    vi.advanceTimersByTime(WHEEL_COMMIT_DELAY_MS + 10);
    expect(frames).toBe(3);
    expect(camera.isMoving(performance.now(), performance.now())).toBe(false);
  });

  it('a view equal to the current one is no change: no frame, no rest frame', () => {
    camera.set({ zoom: 1, offset: { x: 10, y: 0 } });
    vi.advanceTimersByTime(WHEEL_COMMIT_DELAY_MS + 10);
    frames = 0;
    camera.set({ zoom: 1, offset: { x: 10, y: 0 } });
    vi.advanceTimersByTime(WHEEL_COMMIT_DELAY_MS + 10);
    expect(frames).toBe(0);
  });

  it('a destroyed camera commits nothing and draws nothing', () => {
    camera.set({ zoom: 1, offset: { x: 10, y: 0 } });
    camera.commit(WHEEL_COMMIT_DELAY_MS);
    frames = 0;
    camera.destroy();
    vi.advanceTimersByTime(WHEEL_COMMIT_DELAY_MS * 10);
    expect(commits).toEqual([]);
    expect(frames).toBe(0);
  });
});
