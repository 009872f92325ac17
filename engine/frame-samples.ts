/** Per-frame timing samples for getStats() (capped, so a long session never grows them without bound). */
const MAX_SAMPLES = 5000;

export class FrameSamples {
  engineMs: number[] = [];
  bakeMs: number[] = [];
  bakesPerFrame: number[] = [];
  renderMs: number[] = [];

  push(engineMs: number, bakeMs: number, bakes: number, renderMs: number): void {
    if (this.engineMs.length >= MAX_SAMPLES) return;
    this.engineMs.push(engineMs);
    this.bakeMs.push(bakeMs);
    this.bakesPerFrame.push(bakes);
    this.renderMs.push(renderMs);
  }

  snapshot(): { engineMs: number[]; bakeMs: number[]; bakesPerFrame: number[]; renderMs: number[] } {
    return {
      engineMs: [...this.engineMs],
      bakeMs: [...this.bakeMs],
      bakesPerFrame: [...this.bakesPerFrame],
      renderMs: [...this.renderMs],
    };
  }

  reset(): void {
    this.engineMs = [];
    this.bakeMs = [];
    this.bakesPerFrame = [];
    this.renderMs = [];
  }
}
