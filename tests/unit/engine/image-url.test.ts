import { describe, expect, it } from 'vitest';
import { normalizeImageUrl } from '#shared/canonical-image-url';
import { imageUrlCandidates } from '#engine/model/image-url';

const origin = 'https://loot.example';

describe('image URLs', () => {
  it('strips query strings and makes relative paths absolute', () => {
    expect(normalizeImageUrl('/api/storage/a.webp?v=3#x', origin)).toBe('https://loot.example/api/storage/a.webp');
    expect(normalizeImageUrl('shots/d.png', origin)).toBe('https://loot.example/shots/d.png');
    expect(normalizeImageUrl('https://cdn.example/c.png?sig=1', origin)).toBe('https://cdn.example/c.png');
  });

  it('has no URL for empty or invalid sources', () => {
    expect(normalizeImageUrl('', origin)).toBeNull();
    expect(normalizeImageUrl('   ', origin)).toBeNull();
    expect(normalizeImageUrl(undefined, origin)).toBeNull();
    expect(normalizeImageUrl('javascript:alert(1)', origin)).toBeNull();
    expect(normalizeImageUrl('http://[bad', origin)).toBeNull();
    expect(imageUrlCandidates('', origin, 320)).toEqual([]);
  });

  it('never loads a route of our API other than storage, however it is spelled', () => {
    for (const raw of [
      '/api/storage/%2e%2e/logout',
      '/api/logout',
      '/%61pi/share/abc',
      'https://loot.example/api/share/abc',
      '/api/storage/../share/x.png',
    ]) {
      expect(normalizeImageUrl(raw, origin), raw).toBeNull();
      expect(imageUrlCandidates(raw, origin, 320), raw).toEqual([]);
    }
    expect(normalizeImageUrl('https://other.example/api/logout', origin)).toBe('https://other.example/api/logout');
  });

  it('keeps data: and blob: URLs as they are', () => {
    expect(normalizeImageUrl('data:image/png;base64,AAA?', origin)).toBe('data:image/png;base64,AAA?');
    expect(imageUrlCandidates('blob:https://loot.example/123', origin, 96)).toEqual(['blob:https://loot.example/123']);
  });

  it('asks for the storage variant first, then the image itself', () => {
    expect(imageUrlCandidates('/api/storage/catalogue/a.webp', origin, 96)).toEqual([
      'https://loot.example/api/storage/w/96/catalogue/a.webp',
      'https://loot.example/api/storage/catalogue/a.webp',
    ]);
    expect(imageUrlCandidates('/api/storage/catalogue/a.webp', origin, 0)).toEqual([
      'https://loot.example/api/storage/catalogue/a.webp',
    ]);
    expect(imageUrlCandidates('https://cdn.example/c.png', origin, 320)).toEqual(['https://cdn.example/c.png']);
  });

  it('retries /api/storage/ images from another origin with our full origin', () => {
    expect(imageUrlCandidates('http://old-host:3000/api/storage/x/b.png?t=1', origin, 0)).toEqual([
      'http://old-host:3000/api/storage/x/b.png',
      'https://loot.example/api/storage/x/b.png',
    ]);
  });
});
