import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardAnimations } from '#engine/card-animations';
import { BoardStore } from '#engine/model/board-store';
import { makeCard } from './fixtures';

function setup(reducedMotion = false) {
  const store = new BoardStore();
  // Cards 1–3 on screen side by side; card 9 far away.
  store.setBoard({
    cards: [makeCard(1, 0, 0), makeCard(2, 400, 0), makeCard(3, 800, 0), makeCard(9, 50_000, 0)],
    sections: [],
  });
  const landed: number[] = [];
  const animations = new CardAnimations({
    store,
    viewport: () => ({ x: 0, y: 0, width: 1400, height: 900 }),
    sceneIndices: () => [0, 1, 2],
    reducedMotion: () => reducedMotion,
    landed: (id) => landed.push(id),
    requestFrame: () => {},
  });
  return { animations, landed };
}

describe('CardAnimations', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lands off-screen cards at once and on-screen cards after their staggered fall', () => {
    const { animations, landed } = setup();
    animations.dropIn([1, 9, 2], 0);
    expect(landed).toEqual([9]);
    expect(animations.pose(1, 0)?.dy).toBeLessThan(0);
    expect(animations.pose(2, 200)?.alpha).toBe(0); // index 2: starts at 360 ms
    animations.step(300);
    expect(landed).toEqual([9, 1]);
    animations.step(660);
    expect(landed).toEqual([9, 1, 2]);
  });

  it('ripples landed neighbours when a card lands, and highlights new cards for 5 s', () => {
    const { animations } = setup();
    animations.dropIn([1], 0);
    animations.step(300);
    // Card 2 is 400 units away: pushed away (to the right) during its ripple.
    const pose = animations.pose(2, 300 + 140 + 20 + 150);
    expect(pose?.dx).toBeGreaterThan(0);
    expect(animations.highlights.isActive(1, 4999)).toBe(true);
    expect(animations.highlights.isActive(1, 5001)).toBe(false);
  });

  it('lands a card by the fallback timer at delay + 320 ms when no frame runs', () => {
    const { animations, landed } = setup();
    vi.setSystemTime(0);
    animations.dropIn([1, 2], performance.now());
    vi.advanceTimersByTime(319);
    expect(landed).toEqual([]);
    vi.advanceTimersByTime(2);
    expect(landed).toEqual([1]);
    vi.advanceTimersByTime(180);
    expect(landed).toEqual([1, 2]);
  });

  it('skips the motion in reduced-motion (low-spec) mode but keeps the highlight', () => {
    const { animations, landed } = setup(true);
    animations.dropIn([1, 2], 0);
    expect(landed).toEqual([1, 2]);
    expect(animations.active).toBe(false);
    expect(animations.highlights.isActive(2, 1000)).toBe(true);
  });
});
