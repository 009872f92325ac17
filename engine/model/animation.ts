/**
 * New-card animation curves and schedules (spec board-workspace §4 New card animation, §9): each new card falls
 * after index × 180 ms; on landing it ripples landed cards within 650 px for 600 ms, each after a delay that grows
 * with distance, capped at 200 ms, plus up to 20 ms of jitter; a fallback lands it at delay + 320 ms if frames
 * stop; new cards stay highlighted 5 s. Times are plain milliseconds so tests drive them with numbers.
 */
import {
  FALL_FALLBACK_EXTRA_MS,
  FALL_STAGGER_MS,
  NEW_CARD_HIGHLIGHT_MS,
  RIPPLE_DELAY_CAP_MS,
  RIPPLE_DURATION_MS,
  RIPPLE_JITTER_MS,
  RIPPLE_RADIUS,
} from '#shared/constants';
import type { Point } from '../types';

/** The fall itself; it lands before the spec's fallback at delay + 320 ms. */
export const FALL_DURATION_MS = 300;
/** How far above its place a card starts falling, in world units. */
export const FALL_HEIGHT = 360;
/** Ripple push at distance 0, in world units; it fades to 0 at the ripple radius. */
export const RIPPLE_AMPLITUDE = 18;
/** Delay per world unit of distance before the cap applies. */
const RIPPLE_DELAY_PER_UNIT = 0.35;

export type FallPlan = { cardId: number; startAt: number; landAt: number; fallbackAt: number; highlightUntil: number };

export function planFall(cardIds: readonly number[], now: number): FallPlan[] {
  return cardIds.map((cardId, index) => {
    const startAt = now + index * FALL_STAGGER_MS;
    return {
      cardId,
      startAt,
      landAt: startAt + FALL_DURATION_MS,
      fallbackAt: startAt + FALL_FALLBACK_EXTRA_MS,
      highlightUntil: startAt + NEW_CARD_HIGHLIGHT_MS,
    };
  });
}

export type Pose = { dy: number; alpha: number; done: boolean };

/** Where a falling card is `now`: hidden above before its start, then an ease-out drop with a small bounce. */
export function fallPose(plan: FallPlan, now: number): Pose {
  if (now < plan.startAt) return { dy: -FALL_HEIGHT, alpha: 0, done: false };
  const t = Math.min(1, (now - plan.startAt) / FALL_DURATION_MS);
  if (t >= 1) return { dy: 0, alpha: 1, done: true };
  return { dy: -FALL_HEIGHT * (1 - easeOutBack(t)), alpha: Math.min(1, t * 3), done: false };
}

export function easeOutBack(t: number): number {
  const c1 = 1.2;
  const c3 = c1 + 1;
  return 1 + c3 * Math.pow(t - 1, 3) + c1 * Math.pow(t - 1, 2);
}

export type RippleWave = { cardId: number; startAt: number; endAt: number; pushX: number; pushY: number };

/**
 * The ripple a card landing at `origin` sends through its landed neighbours (centres within 650 px).
 * `random` returns [0, 1) (Math.random in the engine, a fixed sequence in tests).
 */
export function planRipple(
  origin: Point,
  now: number,
  neighbours: ReadonlyArray<{ cardId: number; center: Point }>,
  random: () => number,
): RippleWave[] {
  const waves: RippleWave[] = [];
  for (const n of neighbours) {
    const dx = n.center.x - origin.x;
    const dy = n.center.y - origin.y;
    const distance = Math.hypot(dx, dy);
    if (distance >= RIPPLE_RADIUS || distance === 0) continue;
    const delay = Math.min(RIPPLE_DELAY_CAP_MS, distance * RIPPLE_DELAY_PER_UNIT) + random() * RIPPLE_JITTER_MS;
    const amplitude = RIPPLE_AMPLITUDE * (1 - distance / RIPPLE_RADIUS);
    const startAt = now + delay;
    waves.push({
      cardId: n.cardId,
      startAt,
      endAt: startAt + RIPPLE_DURATION_MS,
      pushX: (dx / distance) * amplitude,
      pushY: (dy / distance) * amplitude,
    });
  }
  return waves;
}

/** A ripple's displacement `now`: out and back once, damped, over 600 ms. */
export function rippleOffset(wave: RippleWave, now: number): { dx: number; dy: number; done: boolean } {
  if (now < wave.startAt) return { dx: 0, dy: 0, done: false };
  const t = (now - wave.startAt) / RIPPLE_DURATION_MS;
  if (t >= 1) return { dx: 0, dy: 0, done: true };
  const k = Math.sin(Math.PI * t) * (1 - t);
  return { dx: wave.pushX * k, dy: wave.pushY * k, done: false };
}

/** Cards highlighted until a time (new cards 5 s, bookmark navigation 2 s, highlight(cardId, ms)). */
export class HighlightSet {
  private readonly until = new Map<number, number>();

  add(cardId: number, until: number): void {
    this.until.set(cardId, Math.max(until, this.until.get(cardId) ?? 0));
  }

  isActive(cardId: number, now: number): boolean {
    return (this.until.get(cardId) ?? 0) > now;
  }

  /** Drops expired entries; returns whether any highlight is still active. */
  prune(now: number): boolean {
    for (const [id, t] of this.until) if (t <= now) this.until.delete(id);
    return this.until.size > 0;
  }

  ids(): number[] {
    return [...this.until.keys()];
  }

  clear(): void {
    this.until.clear();
  }
}

/** A card moved by a re-layout (moves are animated) slides from where it was drawn to its new place. */
export const GLIDE_DURATION_MS = 280;
export type Glide = { cardId: number; startAt: number; fromDx: number; fromDy: number };

/** A glide for a card moved from `from` to `to` at `now` (offsets are from the new place back to the old). */
export function planGlide(cardId: number, from: Point, to: Point, now: number): Glide {
  return { cardId, startAt: now, fromDx: from.x - to.x, fromDy: from.y - to.y };
}

/** The glide's offset from the card's new place `now`: ease-out cubic to zero. */
export function glideOffset(glide: Glide, now: number): { dx: number; dy: number; done: boolean } {
  const t = Math.max(0, (now - glide.startAt) / GLIDE_DURATION_MS);
  if (t >= 1) return { dx: 0, dy: 0, done: true };
  const k = Math.pow(1 - t, 3);
  return { dx: glide.fromDx * k, dy: glide.fromDy * k, done: false };
}
