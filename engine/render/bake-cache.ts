/**
 * Baked card textures: one render texture per card and level of detail, holding the whole card (chrome, image,
 * text, chips) so a card is one opaque quad on screen. Kept in an LRU under a byte budget so cards scrolled
 * away and back are not baked again; pinned while on screen; evicted ones go back to a small pool per size
 * (to be re-used without reallocating) or are destroyed.
 */
import { RenderTexture } from 'pixi.js';
import { LruCache } from '../model/lru-cache';
import type { TextureReaper } from './texture-reaper';

export type BakedCard = { texture: RenderTexture; signature: string; level: string; image: 'ready' | 'loading' | 'failed' };

/** Spare render textures kept per pixel size. */
const POOL_PER_SIZE = 12;

export class BakeCache {
  readonly lru: LruCache<BakedCard>;
  private readonly pool = new Map<string, RenderTexture[]>();
  private pooledBytes = 0;
  created = 0;
  destroyed = 0;

  constructor(byteBudget: number, private readonly reaper: TextureReaper) {
    this.lru = new LruCache<BakedCard>({
      maxEntries: Number.MAX_SAFE_INTEGER,
      evictFraction: 0.2,
      byteBudget,
      now: () => performance.now(),
      onEvict: (_key, value) => this.release(value.texture),
    });
  }

  static key(cardId: number, level: string): string {
    return `${cardId}|${level}`;
  }

  /** A render texture of this pixel size, from the pool or new. */
  acquire(width: number, height: number): RenderTexture {
    const spare = this.pool.get(`${width}x${height}`)?.pop();
    if (spare) {
      this.pooledBytes -= width * height * 4;
      return spare;
    }
    this.created++;
    return RenderTexture.create({ width, height, resolution: 1, antialias: false, scaleMode: 'linear' });
  }

  /** Gives back a render texture that was acquired but not stored. */
  release(texture: RenderTexture): void {
    if (texture.destroyed) return;
    const width = texture.source.pixelWidth;
    const height = texture.source.pixelHeight;
    const key = `${width}x${height}`;
    const list = this.pool.get(key) ?? [];
    if (list.length < POOL_PER_SIZE) {
      list.push(texture);
      this.pool.set(key, list);
      this.pooledBytes += width * height * 4;
      return;
    }
    this.destroyed++;
    this.reaper.add(texture);
  }

  /** Stores a bake, pinned (the caller shows it at once and unpins it when the card leaves the screen). */
  storePinned(key: string, baked: BakedCard): void {
    const bytes = baked.texture.source.pixelWidth * baked.texture.source.pixelHeight * 4;
    this.lru.set(key, baked, bytes, true);
  }

  get count(): number {
    return this.lru.size + [...this.pool.values()].reduce((n, l) => n + l.length, 0);
  }

  get bytes(): number {
    return this.lru.bytes + this.pooledBytes;
  }

  setByteBudget(bytes: number): void {
    this.lru.setByteBudget(bytes);
  }

  /** Evicts the bakes of cards for which `keep(cardId)` is false. */
  retain(keep: (cardId: number) => boolean): void {
    for (const key of this.lru.keys()) if (!keep(Number(key.split('|')[0]))) this.lru.delete(key);
  }

  /** Evicts everything unpinned and empties the pool (board unloaded). */
  trim(): void {
    this.lru.evictOldest(Number.MAX_SAFE_INTEGER);
    for (const list of this.pool.values()) for (const t of list) {
      this.destroyed++;
      this.reaper.add(t);
    }
    this.pool.clear();
    this.pooledBytes = 0;
  }

  destroy(): void {
    this.lru.clear();
    this.trim();
  }
}
