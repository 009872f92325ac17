/**
 * With this localStorage flag set to '1' the mounted board engine is reachable as `window.__lootBoardEngine`
 * (camera, stats, low-spec): for the board benchmark and for debugging a slow board in a real browser.
 */
export const ENGINE_DEBUG_FLAG = 'lootExposeEngine';

/** Hands the engine BoardCanvas made to the window; typed as an object, as nothing in the web calls it from there. */
export function exposeEngineForDebug(engine: object | null): void {
  try {
    if (localStorage.getItem(ENGINE_DEBUG_FLAG) !== '1') return;
  } catch {
    return;
  }
  (window as unknown as { __lootBoardEngine?: object | null }).__lootBoardEngine = engine;
}
