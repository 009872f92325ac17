import { describe, expect, it } from 'vitest';
import { canonicalImageUrl, markdownImageSource, markdownLinkTarget } from '#shared/canonical-image-url';
import { ownImageSpellings } from '../../helpers/own-image-spellings';

const sha = 'b'.repeat(64);
const own = `/api/storage/own/${sha}.png`;

describe('canonicalImageUrl', () => {
  it('brings every spelling of an own image to one: the original, relative, without query', () => {
    for (const spelling of ownImageSpellings(own)) {
      expect(canonicalImageUrl(spelling), spelling).toEqual({ url: own, storageKey: `own/${sha}.png`, ownImage: own });
    }
  });

  it('keeps catalogue paths and outside URLs, resolving dot segments and needless escapes', () => {
    expect(canonicalImageUrl('/api/storage/catalogue/a.webp')).toEqual({
      url: '/api/storage/catalogue/a.webp',
      storageKey: 'catalogue/a.webp',
      ownImage: null,
    });
    expect(canonicalImageUrl('/api/storage/shots/./x/../my%20shot.PNG?v=1')?.url).toBe(
      '/api/storage/shots/my%20shot.PNG',
    );
    expect(canonicalImageUrl('/api/storage/w/320/catalogue/a.webp')?.storageKey).toBe('w/320/catalogue/a.webp');
    expect(canonicalImageUrl('https://cdn.example.com/a/%62/../c.png?sig=1')).toEqual({
      url: 'https://cdn.example.com/a/c.png?sig=1',
      storageKey: null,
      ownImage: null,
    });
    expect(canonicalImageUrl('HTTP://CDN.example.com/x')?.url).toBe('http://cdn.example.com/x');
    // Another host's /api/storage/ path is read as ours by the export: it keeps its spelling but names our key.
    expect(canonicalImageUrl('https://other.example/api/storage/shots/a.png')).toEqual({
      url: 'https://other.example/api/storage/shots/a.png',
      storageKey: 'shots/a.png',
      ownImage: null,
    });
  });

  it('refuses anything that is neither an http(s) URL nor a storage path naming a file', () => {
    for (const bad of [
      '/api/storage/%2e%2e/logout',
      '/api/storage/..%2flogout.png',
      '/api/storage/%2E%2E/share/abc',
      '/api/share/abc',
      '/api/logout',
      '/api/storage/',
      '/api/storage/shots/',
      '/api/storage/shots/readme.txt',
      '/api/storage/shots/.png',
      '/api/storage/%252e%252e/x.png',
      '/api/storage/a%00.png',
      '/api/storage/a\\..\\b.png',
      '/\\evil.example/x.png',
      '//evil.example/x.png',
      'shots/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://example.com/a.png',
      'http://',
      'https://ex\u0000ample.com/a.png',
      '/api/storage/a\n.png',
      `/api/storage/${'a/'.repeat(600)}x.png`,
      '',
    ]) {
      expect(canonicalImageUrl(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('is idempotent', () => {
    for (const raw of [
      ...ownImageSpellings(own),
      '/api/storage/shots/my shot (1).png',
      'https://cdn.example/%7Euser/a b.png?x=1#f',
      '/api/storage/%D0%81/a.png',
    ]) {
      const once = canonicalImageUrl(raw)!;
      expect(canonicalImageUrl(once.url), raw).toEqual(once);
    }
  });
});

describe('Markdown image sources and links', () => {
  it('loads images only from http(s) and our storage, links only to http(s) and mailto', () => {
    expect(markdownImageSource('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(markdownImageSource('/api/storage/catalogue/a.webp')).toBe('/api/storage/catalogue/a.webp');
    for (const bad of [
      '/api/share/CODE',
      '/api/logout',
      '/api/storage/%2e%2e/logout',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'a.png',
    ]) {
      expect(markdownImageSource(bad), bad).toBeNull();
    }
  });

  it('never loads one of our API routes other than storage, in any spelling, on any host', () => {
    const stream = '/api/boards/5/events';
    for (const bad of [
      stream,
      `http://localhost${stream}`,
      `https://loot.example${stream}`,
      `HTTPS://LOOT.EXAMPLE/API/BOARDS/5/EVENTS`,
      `https://loot.example:443${stream}?since=1`,
      `https://loot.example${stream}#x`,
      `//loot.example${stream}`,
      `https://loot.example/api%2Fboards/5/events`,
      `https://loot.example/api%2fboards%2F5%2Fevents`,
      `https://loot.example/%61pi/boards/5/events`,
      `https://loot.example/%2561pi/boards/5/events`,
      `https://loot.example/./api/boards/5/events`,
      `https://loot.example/%2e/api/boards/5/events`,
      `https://loot.example/x/../api/boards/5/events`,
      `https://loot.example/x/%2e%2e/api/boards/5/events`,
      `https://loot.example//api/boards/5/events`,
      `https://loot.example/%2Fapi/boards/5/events`,
      `https://loot.example\\api\\boards\\5\\events`,
      `http:\\\\loot.example\\api\\boards\\5\\events`,
      `https://loot.example/api\\boards/5/events`,
      `https://loot.example/api%5Cboards/5/events`,
      `https://loot.example/api`,
      `https://loot.example/api/logout`,
      `https://loot.example/api/share/CODE`,
      `https://loot.example/api/storage/..%2Fboards/5/events.png`,
      `https://loot.example/api/storage/x/..%2F..%2Fboards/5/events.png`,
      `https://loot.example/api/storage/%2e%2e/boards/5/events`,
      `/./api/boards/5/events`,
      `/API/boards/5/events`,
      `/%2Fapi/boards/5/events`,
    ]) {
      expect(markdownImageSource(bad), bad).toBeNull();
    }
    // Storage itself, and paths that only look alike, still load.
    expect(markdownImageSource('https://loot.example/api/storage/catalogue/a.webp')).toBe(
      'https://loot.example/api/storage/catalogue/a.webp',
    );
    expect(markdownImageSource('/api/storage/shots/my%20shot.png')).toBe('/api/storage/shots/my%20shot.png');
    expect(markdownImageSource('https://cdn.example/apis/a.png')).toBe('https://cdn.example/apis/a.png');
    expect(markdownImageSource('https://cdn.example/x/api.png')).toBe('https://cdn.example/x/api.png');
  });

  it('opens links only to http(s) and mailto', () => {
    expect(markdownLinkTarget('https://example.com/x')).toBe('https://example.com/x');
    expect(markdownLinkTarget('mailto:a@example.com')).toBe('mailto:a@example.com');
    for (const bad of [
      '/api/logout',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'vbscript:x',
    ]) {
      expect(markdownLinkTarget(bad), bad).toBeNull();
    }
  });
});
