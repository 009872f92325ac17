/**
 * URLs that failed to load (spec board-workspace §2, §9): at most 100; when full the oldest 30% are evicted;
 * entries older than 1 hour are purged by a sweep every 30 minutes (the engine runs the timer).
 */
import { BROKEN_IMAGE_CACHE_MAX, BROKEN_IMAGE_EVICT_FRACTION, BROKEN_IMAGE_TTL_MS } from '#shared/constants';

export type BrokenUrlCacheOptions = { max: number; evictFraction: number; ttlMs: number; now: () => number };

export class BrokenUrlCache {
  /** url → time it was marked broken, oldest first. */
  private readonly addedAt = new Map<string, number>();
  private readonly options: BrokenUrlCacheOptions;

  constructor(options: Partial<BrokenUrlCacheOptions> & { now: () => number }) {
    this.options = {
      max: BROKEN_IMAGE_CACHE_MAX,
      evictFraction: BROKEN_IMAGE_EVICT_FRACTION,
      ttlMs: BROKEN_IMAGE_TTL_MS,
      ...options,
    };
  }

  get size(): number {
    return this.addedAt.size;
  }

  has(url: string): boolean {
    return this.addedAt.has(url);
  }

  add(url: string): void {
    if (this.addedAt.has(url)) this.addedAt.delete(url);
    else if (this.addedAt.size >= this.options.max) {
      const drop = Math.ceil(this.options.max * this.options.evictFraction);
      let n = 0;
      for (const key of this.addedAt.keys()) {
        if (n++ >= drop) break;
        this.addedAt.delete(key);
      }
    }
    this.addedAt.set(url, this.options.now());
  }

  /** Removes entries older than the time to live; returns how many went. */
  purgeExpired(): number {
    const now = this.options.now();
    let removed = 0;
    for (const [url, t] of [...this.addedAt]) {
      if (now - t > this.options.ttlMs) {
        this.addedAt.delete(url);
        removed++;
      }
    }
    return removed;
  }

  clear(): void {
    this.addedAt.clear();
  }
}
