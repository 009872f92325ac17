import { describe, expect, it } from 'vitest';
import { fallPose, HighlightSet, planFall, planRipple, rippleOffset } from '#engine/model/animation';

describe('new-card animation', () => {
  it('staggers falls by 180 ms per index, with the fallback at delay + 320 ms and a 5 s highlight', () => {
    const plans = planFall([5, 6, 7], 1000);
    expect(plans.map((p) => p.startAt)).toEqual([1000, 1180, 1360]);
    expect(plans.map((p) => p.fallbackAt)).toEqual([1320, 1500, 1680]);
    expect(plans[2].highlightUntil).toBe(1360 + 5000);
  });

  it('keeps a card hidden above its place until its start, then lands it exactly', () => {
    const [plan] = planFall([1], 0);
    expect(fallPose(plan, -1)).toMatchObject({ alpha: 0, done: false });
    expect(fallPose(plan, 60).dy).toBeLessThan(0);
    expect(fallPose(plan, plan.landAt)).toEqual({ dy: 0, alpha: 1, done: true });
    expect(plan.landAt).toBeLessThanOrEqual(plan.fallbackAt);
  });

  it('ripples only neighbours within 650 px, delayed by distance up to ~200 ms plus ≤ 20 ms jitter', () => {
    const neighbours = [
      { cardId: 1, center: { x: 100, y: 0 } },
      { cardId: 2, center: { x: 640, y: 0 } },
      { cardId: 3, center: { x: 0, y: 700 } },
    ];
    const jitterFree = planRipple({ x: 0, y: 0 }, 0, neighbours, () => 0);
    expect(jitterFree.map((w) => w.cardId)).toEqual([1, 2]);
    expect(jitterFree[0].startAt).toBeCloseTo(35);
    expect(jitterFree[1].startAt).toBe(200);
    const maxJitter = planRipple({ x: 0, y: 0 }, 0, neighbours, () => 0.999);
    expect(maxJitter[1].startAt).toBeLessThan(220);
    expect(maxJitter[1].endAt - maxJitter[1].startAt).toBe(600);
  });

  it('pushes a neighbour away from the landing point and back within 600 ms', () => {
    const [wave] = planRipple({ x: 0, y: 0 }, 0, [{ cardId: 1, center: { x: 100, y: 0 } }], () => 0);
    const mid = rippleOffset(wave, wave.startAt + 200);
    expect(mid.dx).toBeGreaterThan(0);
    expect(mid.dy).toBe(0);
    expect(rippleOffset(wave, wave.endAt)).toEqual({ dx: 0, dy: 0, done: true });
  });

  it('tracks highlights until their end time', () => {
    const h = new HighlightSet();
    h.add(1, 5000);
    expect(h.isActive(1, 4999)).toBe(true);
    expect(h.isActive(1, 5000)).toBe(false);
    expect(h.prune(6000)).toBe(false);
  });
});

describe('glide (re-layout moves are animated)', () => {
  it('starts at the old place, eases to the new one, and ends exactly there', async () => {
    const { planGlide, glideOffset, GLIDE_DURATION_MS } = await import('#engine/model/animation');
    const glide = planGlide(3, { x: 100, y: 50 }, { x: 400, y: 50 }, 1000);
    expect(glideOffset(glide, 1000)).toEqual({ dx: -300, dy: 0, done: false });
    const mid = glideOffset(glide, 1000 + GLIDE_DURATION_MS / 2);
    expect(mid.dx).toBeGreaterThan(-300);
    expect(mid.dx).toBeLessThan(0);
    expect(glideOffset(glide, 1000 + GLIDE_DURATION_MS)).toEqual({ dx: 0, dy: 0, done: true });
  });
});
