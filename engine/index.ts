/**
 * The board engine's entry point. web/components/BoardCanvas.tsx is the only caller.
 * @example
 * const engine = createBoardEngine(div, { lowSpec: undefined }); // undefined: detect low-spec automatically
 * await engine.ready;
 * engine.setBoard({ cards, sections });
 * const off = engine.on('dragEnd', ({ cardIds, position, sectionId }) => save(cardIds, position, sectionId));
 */
import { LootBoardEngine } from './board-engine';
import type { BoardEngine, BoardEngineOptions } from './types';

export type * from './types';

export function createBoardEngine(host: HTMLElement, options: BoardEngineOptions = {}): BoardEngine {
  return new LootBoardEngine(host, options);
}
export { RegionRenderCancelled } from './render/region-tiles';
