import { describe, expect, it } from 'vitest';
import { CompressedBodyCache } from '../../../api/middleware/compressed-once';

describe('CompressedBodyCache', () => {
  it('makes each key once, also when the misses arrive together', async () => {
    const cache = new CompressedBodyCache();
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((r) => setTimeout(r, 5));
      return Buffer.from('compressed');
    };
    const all = await Promise.all(Array.from({ length: 5 }, () => cache.get('br:a', make)));
    expect(made).toBe(1);
    expect(all.every((b) => b === all[0])).toBe(true);
    await cache.get('br:a', make);
    expect(made).toBe(1);
    await cache.get('br:b', make);
    expect(made).toBe(2);
  });

  it('keeps to its byte budget, dropping the oldest first, and forgets a failed compression', async () => {
    const cache = new CompressedBodyCache(25);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => Buffer.alloc(10));
    expect(cache.size).toBe(2);
    let remade = false;
    await cache.get('a', async () => ((remade = true), Buffer.alloc(10)));
    expect(remade).toBe(true);
    await expect(cache.get('bad', () => Promise.reject(new Error('zlib')))).rejects.toThrow('zlib');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('bad', async () => Buffer.from('ok'))).toEqual(Buffer.from('ok'));
  });
});
