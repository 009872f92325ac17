import { describe, expect, it } from 'vitest';
import { colorNumber, FLASH_MS, FlashSet } from '#engine/model/flash';

describe('card flashes (someone else changed these cards)', () => {
  it('shows a group in its color for 1.5 s, the name on its first card only', () => {
    const flashes = new FlashSet();
    expect(flashes.add([3, 4], { color: '#DC2626', label: 'Anna' }, 1_000)).toBe(1_000 + FLASH_MS);
    expect(flashes.active(1_000)).toEqual([
      { cardId: 3, color: '#DC2626', label: 'Anna', until: 2_500, labelled: true },
      { cardId: 4, color: '#DC2626', label: 'Anna', until: 2_500, labelled: false },
    ]);
    expect(flashes.active(2_499)).toHaveLength(2);
    expect(flashes.active(2_500)).toEqual([]);
  });

  it('a card flashed again takes the newer flash; cards gone from the board lose theirs', () => {
    const flashes = new FlashSet();
    flashes.add([1, 2], { color: '#DC2626', label: 'Anna' }, 0);
    flashes.add([2], { color: '#2563EB', label: 'Sam' }, 1_000);
    expect(flashes.active(1_600).map((f) => [f.cardId, f.label, f.labelled])).toEqual([[2, 'Sam', true]]);
    expect(flashes.prune(1_600, (id) => id !== 2)).toBe(false);
    expect(flashes.active(1_600)).toEqual([]);
  });

  it('reads a #RRGGBB color as a tint, anything else as the default', () => {
    expect(colorNumber('#DC2626')).toBe(0xdc2626);
    expect(colorNumber('red')).toBe(0x2563eb);
  });
});
