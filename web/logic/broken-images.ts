import { BROKEN_IMAGE_CACHE_MAX, BROKEN_IMAGE_EVICT_FRACTION, BROKEN_IMAGE_TTL_MS } from '#shared/constants';

/**
 * URLs that failed to load (spec board-workspace §2, §9): at most 100; when full the oldest 30% go; entries
 * older than an hour are purged (the purge runs on every write and read, so no timer is needed).
 */
export class BrokenImageCache {
  private readonly entries = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  has(url: string): boolean {
    this.purge();
    return this.entries.has(url);
  }

  add(url: string): void {
    this.purge();
    this.entries.delete(url);
    if (this.entries.size >= BROKEN_IMAGE_CACHE_MAX) {
      const drop = Math.ceil(BROKEN_IMAGE_CACHE_MAX * BROKEN_IMAGE_EVICT_FRACTION);
      let i = 0;
      for (const key of this.entries.keys()) {
        if (i++ >= drop) break;
        this.entries.delete(key);
      }
    }
    this.entries.set(url, this.now());
  }

  get size(): number {
    return this.entries.size;
  }

  private purge(): void {
    const cutoff = this.now() - BROKEN_IMAGE_TTL_MS;
    for (const [key, at] of this.entries) if (at < cutoff) this.entries.delete(key);
  }
}

export const brokenImages = new BrokenImageCache();
