/**
 * Loads card images and owns their textures (spec board-workspace §2, §9 Image cache). Requests carry a
 * priority (distance to the viewport centre); at most 4 load at once (spec preloader concurrency), nearest
 * first, and requests no longer renewed are dropped. Images are decoded off the main thread (img.decode, then
 * createImageBitmap resized to the width shown). Textures live in the spec's LRU (500 entries, 20% evicted,
 * idle cleanup) with a byte budget on top; evicted ones are destroyed a few per frame. Failed URLs go to the
 * broken-URL cache (100, 30% evicted, purged hourly).
 */
import { ImageSource, Texture } from 'pixi.js';
import {
  BROKEN_IMAGE_PURGE_INTERVAL_MS,
  IMAGE_CACHE_CLEANUP_INTERVAL_MS,
  IMAGE_CACHE_EVICT_FRACTION,
  IMAGE_CACHE_IDLE_MS,
  IMAGE_CACHE_MAX,
  IMAGE_CACHE_MIN_USES,
  IMAGE_PRELOAD_CONCURRENCY,
} from '#shared/constants';
import { BrokenUrlCache } from '../model/broken-url-cache';
import { normalizeImageUrl } from '#shared/canonical-image-url';
import { imageUrlCandidates } from '../model/image-url';
import { LruCache } from '../model/lru-cache';
import type { TextureReaper } from './texture-reaper';

export type ImageState =
  | { status: 'ready'; key: string; texture: Texture; width: number; height: number }
  | { status: 'loading'; since: number }
  | { status: 'failed' };

type Loaded = { texture: Texture; bitmap: ImageBitmap; width: number; height: number };
type Pending = {
  key: string;
  url: string;
  candidates: string[];
  cap: number;
  priority: number;
  requestedAt: number;
  since: number;
};

/** Requests not renewed for this long are dropped (their card left the screen). */
const STALE_REQUEST_MS = 500;
/** Average colours remembered for dot mode (a number each; the oldest are forgotten first). */
const MAX_AVERAGES = 20_000;

/** A loaded image's cache key: the same URL decoded for another variant or width cap is another texture. */
function imageKey(url: string, width: number, cap: number): string {
  return `${url}#${width}:${cap}`;
}

/** The normalized URL an imageKey was made from. */
function imageKeyUrl(key: string): string {
  return key.slice(0, key.lastIndexOf('#'));
}

export class ImageStore {
  readonly textures: LruCache<Loaded>;
  readonly broken: BrokenUrlCache;
  private readonly pending = new Map<string, Pending>();
  private readonly inFlight = new Set<string>();
  /** Loads under way for images the board no longer shows (see retainImages). */
  private readonly orphaned = new Set<string>();
  private readonly averages = new Map<string, number>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private sampler: OffscreenCanvasRenderingContext2D | null = null;
  private destroyed = false;
  loads = 0;
  failures = 0;
  /** Loads at once: the spec's preloader concurrency on the board; an export raises it (setConcurrency). */
  private concurrency = IMAGE_PRELOAD_CONCURRENCY;

  constructor(
    private readonly origin: string,
    byteBudget: number,
    private readonly reaper: TextureReaper,
    private readonly onChange: () => void,
  ) {
    this.textures = new LruCache<Loaded>({
      maxEntries: IMAGE_CACHE_MAX,
      evictFraction: IMAGE_CACHE_EVICT_FRACTION,
      byteBudget,
      idleMs: IMAGE_CACHE_IDLE_MS,
      minUses: IMAGE_CACHE_MIN_USES,
      now: () => performance.now(),
      onEvict: (_key, value) => this.reaper.add(value.texture, () => value.bitmap.close()),
    });
    this.broken = new BrokenUrlCache({ now: () => performance.now() });
    this.timers.push(setInterval(() => this.textures.cleanupIdle(), IMAGE_CACHE_CLEANUP_INTERVAL_MS));
    this.timers.push(setInterval(() => this.broken.purgeExpired(), BROKEN_IMAGE_PURGE_INTERVAL_MS));
  }

  /**
   * The state of `raw` decoded at most `cap` px wide (0: as is), asking for it if needed.
   * @param width storage variant to ask for (96 / 320) or 0 for the full image
   */
  request(raw: string | undefined, width: 96 | 320 | 0, cap: number, priority: number, now: number): ImageState {
    const url = normalizeImageUrl(raw, this.origin);
    if (!url || this.broken.has(url)) return { status: 'failed' };
    const key = imageKey(url, width, cap);
    const loaded = this.textures.get(key);
    if (loaded) return { status: 'ready', key, texture: loaded.texture, width: loaded.width, height: loaded.height };
    const existing = this.pending.get(key);
    if (existing) {
      this.orphaned.delete(key);
      existing.priority = existing.requestedAt === now ? Math.min(existing.priority, priority) : priority;
      existing.requestedAt = now;
      return { status: 'loading', since: existing.since };
    }
    this.pending.set(key, {
      key,
      url,
      candidates: imageUrlCandidates(raw, this.origin, width),
      cap,
      priority,
      requestedAt: now,
      since: now,
    });
    return { status: 'loading', since: now };
  }

  /** Pins a loaded image while a bake uses it (unpin when the bake is done). */
  pin(key: string): void {
    this.textures.pin(key);
  }

  unpin(key: string): void {
    this.textures.unpin(key);
  }

  /** The average colour of an image seen before (for dot mode), if any. */
  averageColor(raw: string | undefined): number | undefined {
    const url = normalizeImageUrl(raw, this.origin);
    return url ? this.averages.get(url) : undefined;
  }

  /** Starts loads up to the concurrency limit, nearest first; drops stale requests. */
  pump(now: number): void {
    for (const [key, p] of this.pending) {
      if (!this.inFlight.has(key) && now - p.requestedAt > STALE_REQUEST_MS) this.pending.delete(key);
    }
    while (this.inFlight.size < this.concurrency) {
      let best: Pending | null = null;
      for (const p of this.pending.values())
        if (!this.inFlight.has(p.key) && (!best || p.priority < best.priority)) best = p;
      if (!best) return;
      this.inFlight.add(best.key);
      void this.load(best);
    }
  }

  get loading(): number {
    return this.inFlight.size;
  }

  get queued(): number {
    return this.pending.size;
  }

  /** Sets how many images load at once; returns the previous value (to restore it). */
  setConcurrency(n: number): number {
    const before = this.concurrency;
    this.concurrency = Math.max(1, n);
    return before;
  }

  setByteBudget(bytes: number): void {
    this.textures.setByteBudget(bytes);
  }

  /**
   * Frees the images no card of the new board shows (after setBoard): switching boards gives back the old
   * board's GPU memory instead of waiting for the idle cleanup, while images both boards share stay loaded.
   */
  retainImages(rawUrls: Iterable<string>): void {
    const keep = new Set<string>();
    // Each distinct string once: cards share screenshots, and normalizing parses a URL (~2 µs each).
    for (const raw of new Set(rawUrls)) {
      const url = normalizeImageUrl(raw, this.origin);
      if (url) keep.add(url);
    }
    for (const key of this.textures.keys()) if (!keep.has(imageKeyUrl(key))) this.textures.delete(key);
    for (const [key, p] of this.pending) {
      if (keep.has(p.url)) continue;
      // A load already under way is let finish, then dropped instead of cached.
      if (this.inFlight.has(key)) this.orphaned.add(key);
      else this.pending.delete(key);
    }
    for (const url of this.averages.keys()) if (!keep.has(url)) this.averages.delete(url);
  }

  clear(): void {
    this.pending.clear();
    this.textures.clear();
  }

  destroy(): void {
    this.destroyed = true;
    for (const t of this.timers) clearInterval(t);
    this.clear();
  }

  private async load(p: Pending): Promise<void> {
    let result: Loaded | null = null;
    for (const candidate of p.candidates) {
      try {
        result = await decode(candidate, p.cap);
        break;
      } catch {
        // try the next candidate (variant → original → same path on our origin)
      }
    }
    this.inFlight.delete(p.key);
    this.pending.delete(p.key);
    const orphaned = this.orphaned.delete(p.key);
    if (this.destroyed || orphaned) {
      result?.bitmap.close();
      return;
    }
    if (result) {
      this.loads++;
      this.textures.set(p.key, result, result.width * result.height * 4);
      this.sampleAverage(p.url, result.bitmap);
    } else {
      this.failures++;
      this.broken.add(p.url);
    }
    this.onChange();
  }

  private sampleAverage(url: string, bitmap: ImageBitmap): void {
    if (this.averages.has(url)) return;
    try {
      this.sampler ??= new OffscreenCanvas(4, 4).getContext('2d', { willReadFrequently: true });
      if (!this.sampler) return;
      this.sampler.clearRect(0, 0, 4, 4);
      this.sampler.drawImage(bitmap, 0, 0, 4, 4);
      const d = this.sampler.getImageData(0, 0, 4, 4).data;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let i = 0; i < d.length; i += 4) {
        r += d[i];
        g += d[i + 1];
        b += d[i + 2];
      }
      const n = d.length / 4;
      if (this.averages.size >= MAX_AVERAGES) this.averages.delete(this.averages.keys().next().value!);
      this.averages.set(url, (Math.round(r / n) << 16) | (Math.round(g / n) << 8) | Math.round(b / n));
    } catch {
      // A tainted or closed bitmap has no readable colour; dot mode falls back to the section colour.
    }
  }
}

/** Decodes one URL off the main thread, downscaled to at most `cap` px wide (0: no cap). */
async function decode(url: string, cap: number): Promise<Loaded> {
  const img = new Image();
  if (/^https?:/i.test(url) && new URL(url).origin !== location.origin) img.crossOrigin = 'anonymous';
  img.decoding = 'async';
  img.src = url;
  await img.decode();
  const w = img.naturalWidth;
  const h = img.naturalHeight;
  if (!w || !h) throw new Error(`ImageStore.decode: ${url} has no size`);
  const scale = cap > 0 && w > cap ? cap / w : 1;
  const bitmap =
    scale < 1
      ? await createImageBitmap(img, {
          resizeWidth: Math.max(1, Math.round(w * scale)),
          resizeHeight: Math.max(1, Math.round(h * scale)),
          resizeQuality: 'medium',
        })
      : await createImageBitmap(img);
  const texture = new Texture({ source: new ImageSource({ resource: bitmap, label: url }) });
  return { texture, bitmap, width: bitmap.width, height: bitmap.height };
}
