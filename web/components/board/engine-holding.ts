import type { BoardEngine, Rect } from '#engine/types';

/**
 * Resolves true once `holds()` is true of the engine, checked now and again each time the engine says its content
 * changed (`contentChange`: the canvas handed it the board store's cards on a render), or false after `timeoutMs`
 * (the board was left, the canvas unmounted). The clock only bounds the wait; the answer comes from the event.
 */
function whenEngine(engine: BoardEngine | null, holds: (engine: BoardEngine) => boolean, timeoutMs: number) {
  if (!engine) return Promise.resolve(false);
  if (holds(engine)) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const done = (held: boolean) => {
      off();
      window.clearTimeout(timer);
      resolve(held);
    };
    const off = engine.on('contentChange', () => {
      if (holds(engine)) done(true);
    });
    const timer = window.setTimeout(() => done(false), timeoutMs);
  });
}

/**
 * Resolves true once the engine holds every one of the cards, or false after `timeoutMs`. When it resolves, every
 * effect of the render that handed the cards in has run.
 */
export function whenEngineHolds(
  engine: BoardEngine | null,
  cardIds: readonly number[],
  timeoutMs: number,
): Promise<boolean> {
  return whenEngine(engine, (e) => cardIds.every((id) => e.cardScreenRect(id) !== null), timeoutMs);
}

/**
 * Resolves true once the engine holds the card where the board store has it (`at`, in board coordinates): a moved
 * card is in the store first and reaches the engine on the canvas's next render.
 */
export function whenEngineHoldsAt(
  engine: BoardEngine | null,
  cardId: number,
  at: Rect,
  timeoutMs: number,
): Promise<boolean> {
  return whenEngine(
    engine,
    (e) => {
      if (e.cardScreenRect(cardId) === null) return false;
      const b = e.cardBounds([cardId]);
      return b.x === at.x && b.y === at.y;
    },
    timeoutMs,
  );
}
