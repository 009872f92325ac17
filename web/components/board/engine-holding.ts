import type { BoardEngine } from '#engine/types';

/**
 * Resolves true once the engine holds every one of the cards (the canvas hands it the board store's cards on its
 * next render, and the engine says so with `contentChange`), or false after `timeoutMs` (the board was left, the
 * canvas unmounted). When it resolves, every effect of the render that handed the cards in has run.
 */
export function whenEngineHolds(
  engine: BoardEngine | null,
  cardIds: readonly number[],
  timeoutMs: number,
): Promise<boolean> {
  if (!engine) return Promise.resolve(false);
  const holdsAll = () => cardIds.every((id) => engine.cardScreenRect(id) !== null);
  if (holdsAll()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (held: boolean) => {
      off();
      window.clearTimeout(timer);
      resolve(held);
    };
    const off = engine.on('contentChange', () => {
      if (holdsAll()) done(true);
    });
    const timer = window.setTimeout(() => done(false), timeoutMs);
  });
}
