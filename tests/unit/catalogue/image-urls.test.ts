import { describe, expect, it } from 'vitest';
import { resolveImagePath, resolveScreenshot, resolveScreenshots, storageVariantUrl } from '#shared/image-urls';

describe('screenshot path rules (spec accounts §3, Feature record)', () => {
  it('keeps absolute http(s) URLs as they are', () => {
    expect(resolveImagePath('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(resolveImagePath('HTTP://cdn.example.com/a.png')).toBe('HTTP://cdn.example.com/a.png');
  });
  it('serves static/ and /static/ paths from the storage prefix', () => {
    expect(resolveImagePath('static/catalogue/a.webp')).toBe('/api/storage/catalogue/a.webp');
    expect(resolveImagePath('/static/x/b.png')).toBe('/api/storage/x/b.png');
  });
  it('gives other paths a leading slash, and blank gives nothing', () => {
    expect(resolveImagePath('shots/d.png')).toBe('/shots/d.png');
    expect(resolveImagePath('/already/rooted.png')).toBe('/already/rooted.png');
    expect(resolveImagePath('  ')).toBeNull();
    expect(resolveImagePath(null)).toBeNull();
  });
  it('prefers the url of a slot, else its path, and drops empty slots', () => {
    expect(resolveScreenshot({ path: 'static/a.webp', url: 'https://x.example/a.webp' })).toBe(
      'https://x.example/a.webp',
    );
    expect(resolveScreenshot({ path: 'static/a.webp', url: '' })).toBe('/api/storage/a.webp');
    expect(
      resolveScreenshots([{ path: 'static/1.webp' }, { path: null, url: null }, { url: 'https://x.example/3.png' }]),
    ).toEqual(['/api/storage/1.webp', 'https://x.example/3.png']);
  });
  it('builds variant URLs for stored images only, without query strings', () => {
    expect(storageVariantUrl('/api/storage/catalogue/a.webp?v=2', 320)).toBe('/api/storage/w/320/catalogue/a.webp');
    expect(storageVariantUrl('/api/storage/imports/h/b.png', 96)).toBe('/api/storage/w/96/imports/h/b.png');
    expect(storageVariantUrl('https://cdn.example.com/c.png', 96)).toBe('https://cdn.example.com/c.png');
  });
});
