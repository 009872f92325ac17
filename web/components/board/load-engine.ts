import type { BoardEngine, BoardEngineOptions } from '../../../engine/types';

type EngineModule = { createBoardEngine(host: HTMLElement, options?: BoardEngineOptions): BoardEngine | Promise<BoardEngine> };

/**
 * The engine entry (engine/index.ts, issue 4). Loaded through an eager glob while that file is being written
 * in parallel, so the web app builds with or without it; once it exists this is a plain static import.
 */
const found = import.meta.glob<EngineModule>('../../../engine/index.ts', { eager: true });

export const engineModule: EngineModule | null = Object.values(found)[0] ?? null;
