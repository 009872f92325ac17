/**
 * The engine's counters for getStats(): frames drawn, WebGL context losses and per-frame timing samples, put
 * together with what the renderer and the scene report.
 */
import { FrameSamples } from './frame-samples';
import type { EngineStats } from './types';

/** What getStats() takes from elsewhere: the renderer, the camera, the store and the scene. */
export type StatsParts = Omit<
  EngineStats,
  'frames' | 'contextLosses' | 'engineMs' | 'bakeMs' | 'bakesPerFrame' | 'renderMs'
>;

export class EngineCounters {
  frames = 0;
  contextLosses = 0;
  private readonly samples = new FrameSamples();

  /** One drawn frame: engine JS time, the part of it spent baking, bakes done, and the CPU side of render. */
  frameDrawn(engineMs: number, bakeMs: number, bakes: number, renderMs: number): void {
    this.frames++;
    this.samples.push(engineMs, bakeMs, bakes, renderMs);
  }

  /** Clears the timing samples (a benchmark starts its measured sweep); counters keep counting. */
  resetSamples(): void {
    this.samples.reset();
  }

  report(parts: StatsParts): EngineStats {
    return { ...parts, frames: this.frames, contextLosses: this.contextLosses, ...this.samples.snapshot() };
  }
}
