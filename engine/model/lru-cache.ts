/**
 * The texture cache's bookkeeping, pure so its rules are tested in Node (spec board-workspace §9 Image cache):
 * at most `maxEntries` (500); when full the least recently used `evictFraction` (20%) go; a periodic cleanup
 * removes entries idle longer than `idleMs` (10 min) and used fewer than `minUses` (3) times. On top of the
 * spec, a byte budget: GPU memory must not grow with board size. Pinned entries (in use this frame) are never
 * evicted. Every removal goes through `onEvict`, where the owner destroys the texture.
 */

export type LruCacheOptions<V> = {
  maxEntries: number;
  evictFraction: number;
  byteBudget: number;
  idleMs?: number;
  minUses?: number;
  now: () => number;
  onEvict: (key: string, value: V) => void;
};

type Entry<V> = { value: V; bytes: number; lastUsedAt: number; uses: number; pins: number };

export class LruCache<V> {
  /** Insertion order is recency order: a use moves the entry to the end. */
  private readonly entries = new Map<string, Entry<V>>();
  private totalBytes = 0;
  private budget: number;

  constructor(private readonly options: LruCacheOptions<V>) {
    this.budget = options.byteBudget;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get byteBudget(): number {
    return this.budget;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The value without counting a use. */
  peek(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** The value, counting a use and making it the most recent. */
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    e.lastUsedAt = this.options.now();
    e.uses++;
    return e.value;
  }

  uses(key: string): number {
    return this.entries.get(key)?.uses ?? 0;
  }

  /** Stores `value`; with `pinned` it is stored already pinned, so the budget cannot evict it on the way in. */
  set(key: string, value: V, bytes: number, pinned = false): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.totalBytes -= old.bytes;
      if (old.value !== value) this.options.onEvict(key, old.value);
    } else if (this.entries.size >= this.options.maxEntries) {
      this.evictOldest(Math.max(1, Math.ceil(this.options.maxEntries * this.options.evictFraction)));
    }
    const pins = (old?.pins ?? 0) + (pinned ? 1 : 0);
    this.entries.set(key, { value, bytes, lastUsedAt: this.options.now(), uses: old ? old.uses + 1 : 1, pins });
    this.totalBytes += bytes;
    this.enforceBudget();
  }

  delete(key: string): boolean {
    const e = this.entries.get(key);
    if (!e) return false;
    this.entries.delete(key);
    this.totalBytes -= e.bytes;
    this.options.onEvict(key, e.value);
    return true;
  }

  pin(key: string): void {
    const e = this.entries.get(key);
    if (e) e.pins++;
  }

  unpin(key: string): void {
    const e = this.entries.get(key);
    if (e && e.pins > 0) e.pins--;
    this.enforceBudget();
  }

  isPinned(key: string): boolean {
    return (this.entries.get(key)?.pins ?? 0) > 0;
  }

  setByteBudget(bytes: number): void {
    this.budget = bytes;
    this.enforceBudget();
  }

  /** Removes up to `count` of the least recently used unpinned entries; returns how many went. */
  evictOldest(count: number): number {
    let removed = 0;
    for (const [key, e] of this.entries) {
      if (removed >= count) break;
      if (e.pins > 0) continue;
      this.delete(key);
      removed++;
    }
    return removed;
  }

  /** The periodic cleanup: entries idle longer than `idleMs` and used fewer than `minUses` times. */
  cleanupIdle(): number {
    const { idleMs, minUses } = this.options;
    if (idleMs === undefined || minUses === undefined) return 0;
    const now = this.options.now();
    let removed = 0;
    for (const [key, e] of [...this.entries]) {
      if (e.pins === 0 && now - e.lastUsedAt > idleMs && e.uses < minUses) {
        this.delete(key);
        removed++;
      }
    }
    return removed;
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  private enforceBudget(): void {
    if (this.totalBytes <= this.budget) return;
    for (const [key, e] of this.entries) {
      if (this.totalBytes <= this.budget) break;
      if (e.pins === 0) this.delete(key);
    }
  }
}
