import { describe, expect, it } from 'vitest';
import { joinUnderRoot, parseStoragePath } from '../../../api/storage/safe-path';

describe('parseStoragePath', () => {
  it('accepts ordinary nested paths and decodes each segment once', () => {
    expect(parseStoragePath('catalogue/royal-match/a-1.webp')).toEqual({
      ok: true,
      relative: 'catalogue/royal-match/a-1.webp',
      segments: ['catalogue', 'royal-match', 'a-1.webp'],
    });
    expect(parseStoragePath('imports/h/my%20shot.png')).toMatchObject({ ok: true, relative: 'imports/h/my shot.png' });
  });
  it.each([
    ['../etc/passwd'],
    ['a/../../etc/passwd'],
    ['%2e%2e/etc/passwd'],
    ['%2E%2E/secret.png'],
    ['a/%2e%2e%2f%2e%2e/etc/passwd'],
    ['%252e%252e/etc/passwd'],
    ['..%5c..%5cwindows'],
    ['a\\b.png'],
    ['a%00.png'],
    ['/etc/passwd'],
    ['a//b.png'],
    ['./a.png'],
    ['C:/windows/win.ini'],
    ['%E0%A4%A'],
    [''],
  ])('refuses %s', (raw) => {
    expect(parseStoragePath(raw).ok).toBe(false);
  });
  it('joinUnderRoot never leaves the root', () => {
    expect(joinUnderRoot('/srv/storage', 'a/b.png')).toBe('/srv/storage/a/b.png');
    expect(joinUnderRoot('/srv/storage', '../x.png')).toBeNull();
    expect(joinUnderRoot('/srv/storage', '')).toBeNull();
  });
});
