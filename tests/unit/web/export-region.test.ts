import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, exportUrl } from '../../../web/data/export-download';
import { PNG_MAX_SIDE, padRect, pngScale, pngSize, unionRects, unpremultiply } from '../../../web/logic/export-region';

describe('PNG export sizing', () => {
  const rect = { x: -24, y: -24, width: 1048, height: 548 };

  it('scales 1×, 2× or to a chosen width and caps the long side at 16,384 px', () => {
    expect(pngSize(rect, pngScale(rect, { kind: '1x' }))).toEqual({ width: 1048, height: 548, fits: true });
    expect(pngSize(rect, pngScale(rect, { kind: '2x' }))).toEqual({ width: 2096, height: 1096, fits: true });
    const chosen = pngSize(rect, pngScale(rect, { kind: 'width', width: 3000 }));
    expect(chosen.width).toBe(3000);
    expect(chosen.height).toBe(Math.round((548 * 3000) / 1048));
    expect(pngSize(rect, PNG_MAX_SIDE / 1048).fits).toBe(true);
    expect(pngSize(rect, (PNG_MAX_SIDE + 1) / 1048).fits).toBe(false);
  });

  it('pads and unites regions, ignoring empty ones', () => {
    expect(padRect({ x: 0, y: 0, width: 1000, height: 500 })).toEqual(rect);
    expect(unionRects({ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: -5, width: 5, height: 5 })).toEqual({
      x: 0,
      y: -5,
      width: 25,
      height: 15,
    });
    expect(unionRects({ x: 0, y: 0, width: 0, height: 0 }, { x: 1, y: 1, width: 2, height: 2 })).toEqual({
      x: 1,
      y: 1,
      width: 2,
      height: 2,
    });
    expect(unionRects(null, { x: 0, y: 0, width: 0, height: 0 })).toBeNull();
  });

  it('turns premultiplied pixels back into straight alpha', () => {
    const pixels = new Uint8ClampedArray([64, 32, 0, 128, 10, 20, 30, 255, 0, 0, 0, 0]);
    unpremultiply(pixels);
    expect([...pixels]).toEqual([128, 64, 0, 128, 10, 20, 30, 255, 0, 0, 0, 0]);
  });
});

describe('server export requests', () => {
  it('builds the query the API schema expects and reads the server’s file name', () => {
    expect(
      exportUrl({
        boardId: 7,
        format: 'md',
        sectionId: null,
        cardIds: [3, 4],
        paper: 'a4',
        orientation: 'portrait',
        perPage: 4,
      }),
    ).toBe('/api/boards/7/export?format=md&cardIds=3%2C4');
    expect(
      exportUrl({ boardId: 7, format: 'pdf', sectionId: 2, paper: 'letter', orientation: 'landscape', perPage: 2 }),
    ).toBe('/api/boards/7/export?format=pdf&sectionId=2&paper=letter&orientation=landscape&perPage=2');
    expect(fileNameFromDisposition(`attachment; filename="_ (1).pdf"; filename*=UTF-8''%D0%81%20(1).pdf`, 'x')).toBe(
      'Ё (1).pdf',
    );
    expect(fileNameFromDisposition('attachment; filename="plain.zip"', 'x')).toBe('plain.zip');
    expect(fileNameFromDisposition(null, 'board')).toBe('board');
  });
});
