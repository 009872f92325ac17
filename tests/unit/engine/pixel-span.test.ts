import { describe, expect, it } from 'vitest';
import { pixelsCovered } from '#engine/model/pixel-span';
import { CARD_WIDTH_VERTICAL } from '#shared/constants';

describe('pixelsCovered', () => {
  it('counts the pixels whose centres lie inside a span drawn from a pixel edge', () => {
    expect(pixelsCovered(340)).toBe(340);
    expect(pixelsCovered(207.4)).toBe(207);
    expect(pixelsCovered(207.6)).toBe(208);
    expect(pixelsCovered(0.2)).toBe(0);
    expect(pixelsCovered(0)).toBe(0);
  });

  it('leaves out the column whose centre sits on the far edge: a vertical card at 1x is 207 columns, not 208', () => {
    expect(CARD_WIDTH_VERTICAL).toBe(207.5);
    expect(pixelsCovered(CARD_WIDTH_VERTICAL)).toBe(207);
    expect(pixelsCovered(CARD_WIDTH_VERTICAL * 2)).toBe(415);
  });
});
