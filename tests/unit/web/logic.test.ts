import { describe, expect, it } from 'vitest';
import { filterBookmarks } from '../../../web/components/bookmarks/bookmark-filter';
import { translatorFor } from '#shared/messages/translator';
import { zoomToAround as zoomViewAround } from '#engine/model/camera';
import { SHORTCUT_ZOOM, TOOLBAR_ZOOM, roundZoom, stepZoom, zoomPercent } from '../../../web/logic/camera-math';
import { cardCopyText, decodeDetailed, downloadFileName } from '../../../web/logic/card-text';
import { findMatches, nextMatchIndex } from '../../../web/logic/find-on-board';
import { normalizeImageUrl } from '#shared/canonical-image-url';
import { storageRetryUrl } from '../../../web/logic/image-url';
import { safeReturnTo } from '../../../web/logic/return-to';
import { similarQueryText } from '#shared/similar-query';
import { similarBoardTitle } from '../../../web/logic/similar';
import { isAtMonthlyLimit } from '#shared/usage-limit';
import { formatNumber, usageMeter } from '../../../web/logic/usage';

describe('safeReturnTo', () => {
  it('keeps same-site relative paths with their query', () => {
    expect(safeReturnTo('/feature-search?features=Shop')).toBe('/feature-search?features=Shop');
    expect(safeReturnTo('/')).toBe('/');
  });
  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'evil', '/\tx', ''])(
    'refuses %j',
    (raw) => expect(safeReturnTo(raw)).toBe('/'),
  );
  it('falls back for null', () => expect(safeReturnTo(null, '/home')).toBe('/home'));
});

describe('usage meter (spec accounts §6)', () => {
  it('shows used/limit and turns red at the limit', () => {
    expect(usageMeter(2, 5)).toEqual({ text: '2/5', fraction: 0.4, overLimit: false });
    expect(usageMeter(5, 5).overLimit).toBe(true);
    expect(usageMeter(7, 5)).toMatchObject({ fraction: 1, overLimit: true });
  });
  it('shows ∞ for -1 and never blocks', () => {
    expect(usageMeter(1234, -1)).toEqual({ text: '1 234/∞', fraction: 0, overLimit: false });
    expect(isAtMonthlyLimit(10_000, -1)).toBe(false);
  });
  it('counts a missing limit as 1 (spec §5)', () => {
    expect(isAtMonthlyLimit(1, undefined)).toBe(true);
    expect(isAtMonthlyLimit(0, null)).toBe(false);
    expect(isAtMonthlyLimit(undefined, 1)).toBe(false);
  });
  it('formats thousands with spaces', () => expect(formatNumber(1234567)).toBe('1 234 567'));
});

describe('camera math', () => {
  it('steps by 0.1 without drift and within the ranges', () => {
    expect(stepZoom(0.2, 1, SHORTCUT_ZOOM)).toBe(0.3);
    expect(stepZoom(0.2, -1, SHORTCUT_ZOOM)).toBe(0.2);
    expect(stepZoom(3, 1, SHORTCUT_ZOOM)).toBe(3);
    expect(stepZoom(2, 1, TOOLBAR_ZOOM)).toBe(2);
    expect(stepZoom(0.3, -1, TOOLBAR_ZOOM)).toBe(0.3);
    let z = 1;
    for (let i = 0; i < 7; i++) z = stepZoom(z, -1, SHORTCUT_ZOOM);
    expect(z).toBe(0.3);
    expect(roundZoom(0.30000000000000004)).toBe(0.3);
  });
  it('never zooms in on a step out (nor out on a step in), from below the range too', () => {
    expect(stepZoom(0.25, -1, TOOLBAR_ZOOM)).toBe(0.25);
    expect(stepZoom(0.003, -1, SHORTCUT_ZOOM)).toBe(0.003);
    expect(stepZoom(0.003, 1, SHORTCUT_ZOOM)).toBe(0.2);
    expect(stepZoom(2.5, 1, TOOLBAR_ZOOM)).toBe(2.5);
    expect(stepZoom(0.73, -1, SHORTCUT_ZOOM)).toBe(0.6);
  });
  it('keeps the anchor point still while zooming', () => {
    const view = { zoom: 1, offset: { x: 100, y: 50 } };
    const next = zoomViewAround(view, 2, { x: 300, y: 250 });
    // world point under (300,250) was (200,200); at zoom 2 it must still be under (300,250)
    expect(200 * next.zoom + next.offset.x).toBe(300);
    expect(200 * next.zoom + next.offset.y).toBe(250);
  });
  it('formats the percentage, in tenths below 10%', () => {
    expect(zoomPercent(1.2)).toBe('120%');
    expect(zoomPercent(0.1)).toBe('10%');
    expect(zoomPercent(0.0237)).toBe('2.4%');
    expect(zoomPercent(0.003)).toBe('0.3%');
    expect(zoomPercent(0.0002)).toBe('<0.1%');
  });
});

describe('card text (spec §3, §5, §9)', () => {
  it('decodes escaped newlines and quotes', () => expect(decodeDetailed('a\\nb \\"c\\"')).toBe('a\nb "c"'));
  it('joins title, description and detailed description, skipping empty ones', () => {
    expect(cardCopyText({ title: 'T', description: '', detailedDescription: 'D' })).toBe('T\n\nD');
    expect(cardCopyText({ title: 'T', description: 'S', detailedDescription: null })).toBe('T\n\nS');
  });
  it('names downloads after the title with underscores', () =>
    expect(downloadFileName('Royal Pass Offer')).toBe('Royal_Pass_Offer.jpg'));
});

describe('image URLs (spec §2)', () => {
  const origin = 'http://localhost:3000';
  it('drops the query string and makes paths absolute', () => {
    expect(normalizeImageUrl('/api/storage/a.webp?v=2', origin)).toBe('http://localhost:3000/api/storage/a.webp');
    expect(normalizeImageUrl('shots/b.png', origin)).toBe('http://localhost:3000/shots/b.png');
    // A stored URL that escapes storage never loads another API route.
    expect(normalizeImageUrl('/api/storage/%2e%2e/logout', origin)).toBeNull();
    expect(normalizeImageUrl('/api/share/abc', origin)).toBeNull();
  });
  it('answers null for empty or unsafe sources', () => {
    expect(normalizeImageUrl('', origin)).toBeNull();
    expect(normalizeImageUrl('   ', origin)).toBeNull();
    expect(normalizeImageUrl('javascript:alert(1)', origin)).toBeNull();
  });
  it('retries /api/storage/ URLs from another origin on this origin only', () => {
    expect(storageRetryUrl('http://cdn.example/api/storage/a.webp', origin)).toBe(
      'http://localhost:3000/api/storage/a.webp',
    );
    expect(storageRetryUrl('http://localhost:3000/api/storage/a.webp', origin)).toBeNull();
    expect(storageRetryUrl('http://cdn.example/other/a.webp', origin)).toBeNull();
  });
});

describe('find on board', () => {
  const card = (
    id: number,
    title: string,
    x: number,
    y: number,
    extra: Partial<{ description: string; game: string; tags: string[] }> = {},
  ) => ({
    id,
    title,
    description: extra.description ?? '',
    game: extra.game ?? '',
    tags: extra.tags ?? [],
    position: { x, y },
  });
  const cards = [
    card(1, 'Shop', 500, 0),
    card(2, 'Pass', 0, 400, { tags: ['Season Pass'] }),
    card(3, 'Map', 0, 0, { description: 'a season map' }),
  ];
  it('matches title, description, game and tags case-insensitively, in reading order', () => {
    expect(findMatches(cards, 'SEASON')).toEqual([3, 2]);
    expect(findMatches(cards, '  ')).toEqual([]);
  });
  it('wraps the next index both ways', () => {
    expect(nextMatchIndex(3, -1)).toBe(0);
    expect(nextMatchIndex(3, 2)).toBe(0);
    expect(nextMatchIndex(3, 0, -1)).toBe(2);
    expect(nextMatchIndex(0, 0)).toBe(-1);
  });
});

describe('find similar texts (spec §5)', () => {
  it('cuts the board title at 30 characters and adds ...', () => {
    expect(similarBoardTitle('A very long card title that goes on and on')).toBe(
      'Similar to: A very long card title that go...',
    );
  });
  it('builds the query text with the subgenre or any', () => {
    const card = { title: 'Royal Pass', tags: ['Monetization', 'Season Pass'], description: 'A pass.' };
    expect(similarQueryText(card, 'Match-3')).toBe(
      'Find me features similar to Royal Pass in genre: Match-3, possible tags: Monetization, Season Pass. Ideally (but not strictly necessarily) matching this description A pass.',
    );
    expect(similarQueryText(card, '')).toContain('in genre: any,');
  });
});

describe('bookmarks filter (spec §2)', () => {
  const cards = [
    { title: 'Royal Pass', description: 'season' },
    { title: 'Shop', description: 'Gem bundles' },
  ];
  it('filters by title or description, case-insensitive', () => {
    expect(filterBookmarks(cards, 'gem').map((c) => c.title)).toEqual(['Shop']);
    expect(filterBookmarks(cards, 'ROYAL').map((c) => c.title)).toEqual(['Royal Pass']);
    expect(filterBookmarks(cards, '')).toHaveLength(2);
  });
  it("counts 'item' or 'items' (spec §2), and the Russian plural forms", () => {
    const en = translatorFor('en', 'cards');
    expect(en('bookmarks.count', { count: 1 })).toBe('1 item');
    expect(en('bookmarks.count', { count: 0 })).toBe('0 items');
    const ru = translatorFor('ru', 'cards');
    expect([1, 3, 5, 21].map((count) => ru('bookmarks.count', { count }))).toEqual([
      '1 закладка',
      '3 закладки',
      '5 закладок',
      '21 закладка',
    ]);
  });
});
