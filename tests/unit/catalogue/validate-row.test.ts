import { describe, expect, it } from 'vitest';
import { isSafeImagePath, validateRow } from '../../../api/catalogue/importer/validate-row';

const row = (fields: Record<string, string>, line = 2) => ({
  line,
  fields: {
    game_name: 'Gem Quest',
    feature_screen_name: 'Shop',
    primary_tag: 'Monetization',
    secondary_tag: 'Shop',
    ...fields,
  },
});

describe('import row validation', () => {
  it('accepts a complete row and canonicalises tag case', () => {
    const result = validateRow(
      row({
        primary_tag: 'monetization',
        secondary_tag: 'starter pack',
        orientation: 'Portrait',
        game_link: 'https://x.example/app',
        screenshot_path1: 'static/a.png',
        screenshot_url2: 'https://cdn.example/b.png',
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.row).toMatchObject({
      primaryTag: 'Monetization',
      secondaryTag: 'Starter Pack',
      orientation: 'vertical',
      slots: [
        { path: 'static/a.png', url: null },
        { path: null, url: 'https://cdn.example/b.png' },
      ],
    });
  });
  it('leaves orientation null when absent (the game decides) and allows an empty secondary tag', () => {
    const result = validateRow(row({ orientation: '', secondary_tag: '' }));
    expect(result.ok && result.row.orientation).toBeNull();
    expect(result.ok && result.row.secondaryTag).toBe('');
  });
  it('reports every problem of a row with its line', () => {
    const result = validateRow(
      row(
        {
          game_name: '',
          primary_tag: 'Marketing',
          orientation: 'diagonal',
          game_link: 'javascript:alert(1)',
          screenshot_path1: '../../etc/passwd',
          screenshot_url2: 'ftp://x/y.png',
        },
        7,
      ),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.line).toBe(7);
    expect(result.reasons).toEqual([
      'game_name is empty',
      expect.stringContaining('primary_tag "Marketing" is not a feature category'),
      'orientation "diagonal" must be horizontal or vertical',
      'game_link "javascript:alert(1)" is not an http(s) URL',
      'screenshot_path1 "../../etc/passwd" is not a safe path',
      'screenshot_url2 "ftp://x/y.png" is not an http(s) URL or a /path',
    ]);
  });
  it('refuses a sub-tag from another category', () => {
    const result = validateRow(row({ primary_tag: 'Meta', secondary_tag: 'Piggy Bank' }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reasons[0]).toContain('is not a sub-tag of Meta');
  });
  it('with an images folder, requires each local path to be found there', () => {
    const found = validateRow(row({ screenshot_path1: 'static/ok.png' }), (p) =>
      p === 'static/ok.png' ? '/imgs/ok.png' : null,
    );
    expect(found.ok && found.row.slots[0].localFile).toBe('/imgs/ok.png');
    const missing = validateRow(row({ screenshot_path1: 'static/missing.png' }), () => null);
    expect(!missing.ok && missing.reasons).toEqual([
      'screenshot_path1 "static/missing.png" is not in the --images folder',
    ]);
    const external = validateRow(row({ screenshot_path1: 'https://cdn.example/x.png' }), () => null);
    expect(external.ok).toBe(true);
  });
  it('isSafeImagePath', () => {
    expect(isSafeImagePath('static/a/b.png')).toBe(true);
    expect(isSafeImagePath('/static/a/b.png')).toBe(true);
    for (const bad of ['a/../b.png', '..', 'a\\b.png', 'data:image/png;base64,xx', 'javascript:x', 'a\u0000b'])
      expect(isSafeImagePath(bad)).toBe(false);
  });
});
