/**
 * The loot indicator's clock (spec accounts §4 "{product} indicator": hidden, loading with dots cycling every
 * 400 ms, success with 16-piece confetti for 2 s, fade at 2.5 s, completion callback at 3.5 s).
 */
export type IndicatorStatus = 'hidden' | 'loading' | 'success';

export const DOTS_INTERVAL_MS = 400;
export const CONFETTI_PIECES = 16;
export const CONFETTI_MS = 2000;
export const SUCCESS_FADE_AT_MS = 2500;
export const SUCCESS_DONE_AT_MS = 3500;

/** The dots after 'Looting references' on tick n: '', '.', '..', '...', then again. */
export function loadingDots(tick: number): string {
  return '.'.repeat(((tick % 4) + 4) % 4);
}

export type ConfettiPiece = { left: number; delayMs: number; drift: number; rotate: number; color: string };

const CONFETTI_COLORS = ['#f59e0b', '#ef4444', '#10b981', '#3b82f6', '#8b5cf6', '#ec4899'];

/** The 16 pieces, spread evenly across the indicator with a little jitter from `random`. */
export function confettiPieces(random: () => number = Math.random): ConfettiPiece[] {
  return Array.from({ length: CONFETTI_PIECES }, (_, i) => ({
    left: ((i + 0.5) / CONFETTI_PIECES) * 100,
    delayMs: Math.round(random() * 250),
    drift: Math.round((random() - 0.5) * 80),
    rotate: Math.round(random() * 720 - 360),
    color: CONFETTI_COLORS[i % CONFETTI_COLORS.length],
  }));
}
