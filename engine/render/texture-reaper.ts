/**
 * Destroys textures a few per frame, so evicting hundreds at once (leaving dot mode, unloading a board) never
 * stalls one frame. Every texture the engine creates ends here.
 */
import type { Texture } from 'pixi.js';

export class TextureReaper {
  private readonly queue: Array<{ texture: Texture; after?: () => void }> = [];

  constructor(private readonly perFrame = 24) {}

  get pending(): number {
    return this.queue.length;
  }

  add(texture: Texture, after?: () => void): void {
    this.queue.push({ texture, after });
  }

  /** Destroys up to the per-frame cap; returns how many are left. */
  process(limit = this.perFrame): number {
    for (let i = 0; i < limit && this.queue.length; i++) {
      const { texture, after } = this.queue.shift()!;
      texture.destroy(true);
      after?.();
    }
    return this.queue.length;
  }

  flush(): void {
    this.process(Infinity);
  }
}
