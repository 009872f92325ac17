/**
 * Runs the new-card animation (spec board-workspace §4): falls staggered by index, a ripple through landed
 * neighbours on landing, the fallback timer at delay + 320 ms, and highlights. Only cards on screen animate;
 * the others land at once. Low-spec (reduced motion) skips the motion and keeps the highlight.
 */
import { cardRect } from '#shared/card-geometry';
import {
  fallPose,
  glideOffset,
  HighlightSet,
  planFall,
  planGlide,
  planRipple,
  rippleOffset,
  type FallPlan,
  type Glide,
  type RippleWave,
} from './model/animation';
import type { BoardStore } from './model/board-store';
import { FlashSet, type FlashStyle } from './model/flash';
import { rectCenter, rectsIntersect } from './model/rect';
import type { CardPose } from './render/card-views';
import type { Point, Rect } from './types';

/** More cards than this moving at once (a whole-board layout) simply jump: the motion would not read anyway. */
const MAX_GLIDES = 400;

export type AnimationHost = {
  store: BoardStore;
  viewport(): Rect;
  /** Store indices of the cards in the scene (ripples only move what is drawn). */
  sceneIndices(): readonly number[];
  reducedMotion(): boolean;
  landed(cardId: number): void;
  requestFrame(): void;
};

export class CardAnimations {
  readonly highlights = new HighlightSet();
  readonly flashes = new FlashSet();
  private readonly falls = new Map<number, FallPlan>();
  private readonly ripples = new Map<number, RippleWave>();
  private readonly glides = new Map<number, Glide>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly host: AnimationHost) {}

  dropIn(cardIds: readonly number[], now: number): void {
    const viewport = this.host.viewport();
    for (const plan of planFall(cardIds, now)) {
      this.highlights.add(plan.cardId, plan.highlightUntil);
      this.later(plan.highlightUntil - now, () => this.host.requestFrame());
      const card = this.host.store.card(plan.cardId);
      if (!card || this.host.reducedMotion() || !rectsIntersect(cardRect(card), viewport)) {
        // Off screen (or reduced motion): the card is already where it ends.
        this.host.landed(plan.cardId);
        continue;
      }
      this.falls.set(plan.cardId, plan);
      // Spec: a fallback timer lands the card at delay + 320 ms even if no frame runs.
      this.later(plan.fallbackAt - now, () => {
        if (this.falls.get(plan.cardId) === plan) this.land(plan.cardId, performance.now());
      });
    }
    this.host.requestFrame();
  }

  /**
   * Cards the board moved (a re-layout, an undo): each slides from where it was drawn to its new place. Only
   * moves that touch the viewport are animated; reduced motion (low-spec) jumps.
   */
  glide(
    moves: readonly { cardId: number; from: Point; to: Point; size: { width: number; height: number } }[],
    now: number,
  ): void {
    if (this.host.reducedMotion() || moves.length === 0) return;
    const viewport = this.host.viewport();
    let started = 0;
    for (const m of moves) {
      if (started >= MAX_GLIDES) break;
      if (this.falls.has(m.cardId)) continue;
      const seen =
        rectsIntersect({ ...m.from, ...m.size }, viewport) || rectsIntersect({ ...m.to, ...m.size }, viewport);
      if (!seen) continue;
      // A card already gliding starts from where it is drawn now.
      const current = this.glides.get(m.cardId);
      const drawnFrom = current
        ? (() => {
            const o = glideOffset(current, now);
            return { x: m.from.x + o.dx, y: m.from.y + o.dy };
          })()
        : m.from;
      this.glides.set(m.cardId, planGlide(m.cardId, drawnFrom, m.to, now));
      started++;
    }
    if (started) this.host.requestFrame();
  }

  highlight(cardId: number, ms: number, now: number): void {
    this.highlights.add(cardId, now + ms);
    this.later(ms, () => this.host.requestFrame());
    this.host.requestFrame();
  }

  /** Someone else changed these cards: they flash in their color (engine/model/flash.ts), with a frame at the end. */
  flash(cardIds: readonly number[], style: FlashStyle, now: number): void {
    // Cards the change adds may reach the store a moment after (the web feeds it): those not on the board are
    // simply not drawn, and expire like the others.
    if (cardIds.length === 0) return;
    const until = this.flashes.add(cardIds, style, now);
    this.later(until - now + 1, () => this.host.requestFrame());
    this.host.requestFrame();
  }

  /** Advances to `now`; returns whether anything still moves. */
  step(now: number): boolean {
    for (const [id, plan] of this.falls) if (fallPose(plan, now).done) this.land(id, now);
    for (const [id, wave] of this.ripples) if (now >= wave.endAt) this.ripples.delete(id);
    for (const [id, glide] of this.glides) if (glideOffset(glide, now).done) this.glides.delete(id);
    this.highlights.prune(now);
    this.flashes.prune(now);
    return this.falls.size > 0 || this.ripples.size > 0 || this.glides.size > 0;
  }

  pose(cardId: number, now: number): CardPose | null {
    const plan = this.falls.get(cardId);
    if (plan) {
      const p = fallPose(plan, now);
      return { dx: 0, dy: p.dy, alpha: p.alpha };
    }
    const glide = this.glides.get(cardId);
    if (glide) {
      const o = glideOffset(glide, now);
      return { dx: o.dx, dy: o.dy, alpha: 1 };
    }
    const wave = this.ripples.get(cardId);
    if (wave) {
      const o = rippleOffset(wave, now);
      return { dx: o.dx, dy: o.dy, alpha: 1 };
    }
    return null;
  }

  get active(): boolean {
    return this.falls.size > 0 || this.ripples.size > 0 || this.glides.size > 0;
  }

  clear(): void {
    this.falls.clear();
    this.ripples.clear();
    this.glides.clear();
    this.highlights.clear();
    this.flashes.clear();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private land(cardId: number, now: number): void {
    this.falls.delete(cardId);
    const { store } = this.host;
    const card = store.card(cardId);
    if (card && !this.host.reducedMotion()) {
      const neighbours = this.host
        .sceneIndices()
        .map((i) => store.cards[i])
        .filter((c) => c.id !== cardId && !this.falls.has(c.id))
        .map((c) => ({ cardId: c.id, center: rectCenter(cardRect(c)) }));
      for (const wave of planRipple(rectCenter(cardRect(card)), now, neighbours, Math.random))
        this.ripples.set(wave.cardId, wave);
    }
    this.host.landed(cardId);
    this.host.requestFrame();
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(
      () => {
        this.timers.delete(t);
        fn();
      },
      Math.max(0, ms),
    );
    this.timers.add(t);
  }
}
