import { describe, expect, it } from 'vitest';
import { BrokenUrlCache } from '#engine/model/broken-url-cache';

describe('BrokenUrlCache', () => {
  it('holds at most 100 URLs and evicts the oldest 30% when full', () => {
    let now = 0;
    const cache = new BrokenUrlCache({ now: () => now++ });
    for (let i = 0; i < 100; i++) cache.add(`u${i}`);
    cache.add('u100');
    expect(cache.size).toBe(71);
    expect(cache.has('u29')).toBe(false);
    expect(cache.has('u30')).toBe(true);
    expect(cache.has('u100')).toBe(true);
  });

  it('purges entries older than one hour', () => {
    let now = 0;
    const cache = new BrokenUrlCache({ now: () => now });
    cache.add('old');
    now = 40 * 60_000;
    cache.add('new');
    now = 61 * 60_000;
    expect(cache.purgeExpired()).toBe(1);
    expect(cache.has('old')).toBe(false);
    expect(cache.has('new')).toBe(true);
  });
});
