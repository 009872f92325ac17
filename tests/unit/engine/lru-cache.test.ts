import { describe, expect, it } from 'vitest';
import { LruCache } from '#engine/model/lru-cache';
import { IMAGE_CACHE_IDLE_MS } from '#shared/constants';

function makeCache(over: Partial<ConstructorParameters<typeof LruCache<string>>[0]> = {}) {
  let now = 0;
  const evicted: string[] = [];
  const cache = new LruCache<string>({
    maxEntries: 500,
    evictFraction: 0.2,
    byteBudget: Infinity,
    idleMs: IMAGE_CACHE_IDLE_MS,
    minUses: 3,
    now: () => now,
    onEvict: (key) => evicted.push(key),
    ...over,
  });
  return { cache, evicted, tick: (ms: number) => (now += ms) };
}

describe('LruCache (texture cache rules)', () => {
  it('evicts the least recently used 20% when the 500-entry cache is full', () => {
    const { cache, evicted, tick } = makeCache();
    for (let i = 0; i < 500; i++) {
      cache.set(`u${i}`, `t${i}`, 1);
      tick(1);
    }
    cache.get('u0'); // recently used: survives
    cache.set('u500', 't500', 1);
    expect(evicted).toHaveLength(100);
    expect(evicted[0]).toBe('u1');
    expect(evicted.at(-1)).toBe('u100');
    expect(cache.has('u0')).toBe(true);
    expect(cache.size).toBe(401);
  });

  it('never evicts pinned entries', () => {
    const { cache, evicted } = makeCache({ maxEntries: 5 });
    for (let i = 0; i < 5; i++) cache.set(`u${i}`, `t${i}`, 1);
    cache.pin('u0');
    cache.set('u5', 't5', 1);
    expect(evicted).toEqual(['u1']);
  });

  it('keeps within the byte budget by evicting the oldest unpinned entries', () => {
    const { cache, evicted } = makeCache({ byteBudget: 1000 });
    cache.set('a', 'A', 400);
    cache.set('b', 'B', 400);
    cache.pin('a');
    cache.set('c', 'C', 400);
    expect(evicted).toEqual(['b']);
    expect(cache.bytes).toBe(800);
    cache.setByteBudget(500);
    expect(evicted).toEqual(['b', 'c']);
  });

  it('cleans up entries idle over 10 minutes and used fewer than 3 times', () => {
    const { cache, evicted, tick } = makeCache();
    cache.set('rare', 'R', 1);
    cache.set('popular', 'P', 1);
    cache.get('popular');
    cache.get('popular');
    cache.set('fresh', 'F', 1);
    tick(IMAGE_CACHE_IDLE_MS + 1);
    cache.set('recent', 'N', 1);
    expect(cache.cleanupIdle()).toBe(2);
    expect(evicted.sort()).toEqual(['fresh', 'rare']);
    expect(cache.has('popular')).toBe(true);
    expect(cache.has('recent')).toBe(true);
  });

  it('calls onEvict for replaced values and on clear, so the owner destroys every texture', () => {
    const { cache, evicted } = makeCache();
    cache.set('a', 'A1', 1);
    cache.set('a', 'A2', 1);
    cache.set('b', 'B', 1);
    cache.clear();
    expect(evicted).toEqual(['a', 'a', 'b']);
    expect(cache.bytes).toBe(0);
  });
});
