/**
 * Baked card textures: one texture per card and level of detail holding the whole card (chrome, image, text,
 * chips), so a card is one opaque quad on screen. Small bakes are slots in shared atlas pages (baked many per
 * render pass, drawn in one batch); large ones get their own render texture, re-used through a small pool.
 * Kept in an LRU under a byte budget so cards scrolled away and back are not baked again; pinned while on
 * screen; what is evicted is freed (slots) or destroyed a few per frame (render textures, empty pages).
 */
import { RenderTexture, type Texture } from 'pixi.js';
import { LruCache } from '../model/lru-cache';
import { BakeAtlas, type AtlasSlot } from './bake-atlas';
import type { TextureReaper } from './texture-reaper';

/** Where a bake is drawn: an atlas slot, or a render texture of its own. */
export type BakeTarget = { texture: Texture; slot: AtlasSlot | null; width: number; height: number };

export type BakedCard = { target: BakeTarget; signature: string; level: string; image: 'ready' | 'loading' | 'failed' };

/** Spare render textures kept per pixel size. */
const POOL_PER_SIZE = 6;

export class BakeCache {
  readonly lru: LruCache<BakedCard>;
  private readonly atlas = new BakeAtlas();
  private readonly pool = new Map<string, RenderTexture[]>();
  private pooledBytes = 0;
  private ownBytes = 0;
  private ownCount = 0;

  constructor(
    byteBudget: number,
    private readonly reaper: TextureReaper,
  ) {
    this.lru = new LruCache<BakedCard>({
      maxEntries: Number.MAX_SAFE_INTEGER,
      evictFraction: 0.2,
      byteBudget,
      now: () => performance.now(),
      onEvict: (_key, value) => this.release(value.target),
    });
  }

  static key(cardId: number, level: string): string {
    return `${cardId}|${level}`;
  }

  /** A place to bake `width × height` pixels. */
  acquire(width: number, height: number): BakeTarget {
    if (this.atlas.fits(width, height)) {
      const slot = this.atlas.acquire(width, height);
      return { texture: slot.texture, slot, width, height };
    }
    const spare = this.pool.get(`${width}x${height}`)?.pop();
    if (spare) this.pooledBytes -= width * height * 4;
    this.ownBytes += width * height * 4;
    this.ownCount++;
    const texture =
      spare ?? RenderTexture.create({ width, height, resolution: 1, antialias: false, scaleMode: 'linear' });
    return { texture, slot: null, width, height };
  }

  /** Frees a target that is no longer shown. */
  release(target: BakeTarget): void {
    if (target.slot) {
      this.atlas.release(target.slot, (page) => this.reaper.add(page.texture));
      return;
    }
    const bytes = target.width * target.height * 4;
    this.ownBytes -= bytes;
    this.ownCount--;
    const key = `${target.width}x${target.height}`;
    const list = this.pool.get(key) ?? [];
    if (list.length < POOL_PER_SIZE) {
      list.push(target.texture as RenderTexture);
      this.pool.set(key, list);
      this.pooledBytes += bytes;
      return;
    }
    this.reaper.add(target.texture);
  }

  /** Stores a bake, pinned (the caller shows it at once and unpins it when the card leaves the screen). */
  storePinned(key: string, baked: BakedCard): void {
    this.lru.set(key, baked, baked.target.width * baked.target.height * 4, true);
  }

  /** GPU textures held: atlas pages, own render textures, pooled spares. */
  get count(): number {
    return this.atlas.pageCount + this.ownCount + [...this.pool.values()].reduce((n, l) => n + l.length, 0);
  }

  get bytes(): number {
    return this.atlas.bytes + this.ownBytes + this.pooledBytes;
  }

  setByteBudget(bytes: number): void {
    this.lru.setByteBudget(bytes);
  }

  /** Evicts the bakes of cards for which `keep(cardId)` is false. */
  retain(keep: (cardId: number) => boolean): void {
    for (const key of this.lru.keys()) if (!keep(Number(key.split('|')[0]))) this.lru.delete(key);
  }

  /** Evicts everything unpinned, frees empty pages and the pool (board unloaded). */
  trim(): void {
    this.lru.evictOldest(Number.MAX_SAFE_INTEGER);
    this.atlas.trim((page) => this.reaper.add(page.texture));
    for (const list of this.pool.values()) for (const t of list) this.reaper.add(t);
    this.pool.clear();
    this.pooledBytes = 0;
  }

  destroy(): void {
    this.lru.clear();
    this.trim();
  }
}
