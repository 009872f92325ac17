import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '#shared/constants';
import type { CompactCardRow } from '#shared/schemas/board-content';
import { cardFromRow } from '../../../web/data/board-content';
import type { Card } from '../../../web/data/wire';
import { isLocalhost } from '../../../web/components/large-board/demo-board-stream';
import { storedLowSpec, storeLowSpec, takeLowSpecNotice } from '../../../web/components/large-board/low-spec';
import { diffGrownCards } from '../../../web/logic/card-list-growth';
import { MemoryStorage } from './memory-storage';

function card(id: number, extra: Partial<Card> = {}): Card {
  return {
    id,
    boardId: 1,
    sectionId: null,
    title: `Card ${id}`,
    description: '',
    detailedDescription: '',
    game: '',
    gameLink: '',
    images: [],
    tags: [],
    orientation: 'horizontal',
    isBookmarked: 0,
    position: { x: id * 10, y: 0 },
    featureId: null,
    reasons: [],
    createdAt: '',
    ...extra,
  };
}

describe('diffGrownCards (pages of a streamed board)', () => {
  const shown = [card(1), card(2), card(3)];

  it('answers the added cards when the list only grew at its end', () => {
    const next = [...shown, card(4), card(5)];
    expect(diffGrownCards(shown, next)).toEqual({ patches: [], added: [next[3], next[4]] });
  });

  it('also patches shown cards that changed meanwhile (a drag or a bookmark during the stream)', () => {
    const moved = { ...shown[1], position: { x: 500, y: 600 }, isBookmarked: 1 as const };
    const next = [shown[0], moved, shown[2], card(4)];
    expect(diffGrownCards(shown, next)).toEqual({
      patches: [{ id: 2, position: { x: 500, y: 600 }, isBookmarked: true }],
      added: [next[3]],
    });
  });

  it('gives up (the caller resets the board) when cards were removed, reordered, or nothing was shown yet', () => {
    expect(diffGrownCards(shown, [shown[0], shown[2], card(4), card(5)])).toBeNull();
    expect(diffGrownCards(shown, [shown[1], shown[0], shown[2], card(4)])).toBeNull();
    expect(diffGrownCards(shown, shown)).toBeNull();
    expect(diffGrownCards(shown, shown.slice(0, 2))).toBeNull();
    expect(diffGrownCards([], shown)).toBeNull();
  });
});

describe('cardFromRow (compact board content)', () => {
  it('builds the web card and marks its details as not loaded', () => {
    const row: CompactCardRow = [
      42,
      7,
      25.5,
      115,
      1,
      1,
      'Royal Pass',
      'A pass',
      'Royal Match',
      'https://x.test',
      ['Monetization'],
      ['/api/storage/a.webp'],
    ];
    expect(cardFromRow(row, 3)).toEqual({
      id: 42,
      boardId: 3,
      sectionId: 7,
      position: { x: 25.5, y: 115 },
      orientation: 'vertical',
      isBookmarked: 1,
      title: 'Royal Pass',
      description: 'A pass',
      game: 'Royal Match',
      gameLink: 'https://x.test',
      tags: ['Monetization'],
      images: ['/api/storage/a.webp'],
      reasons: [],
      detailedDescription: '',
      featureId: null,
      createdAt: '',
      detailsLoaded: false,
    });
    // A row may end with the card's reasons.
    const reasons = [{ kind: 'tag' as const, value: 'Monetization/Season Pass', label: 'Season Pass' }];
    expect(cardFromRow([...row.slice(0, 12), reasons] as unknown as CompactCardRow, 3).reasons).toEqual(reasons);
    expect(cardFromRow([1, null, 0, 0, 0, 0, '', '', '', '', [], []], 3)).toMatchObject({
      sectionId: null,
      orientation: 'horizontal',
      isBookmarked: 0,
    });
  });
});

describe('low-spec preference (per device)', () => {
  it('is undefined until the user chooses, then remembered', () => {
    const storage = new MemoryStorage();
    expect(storedLowSpec(storage)).toBeUndefined();
    storeLowSpec(true, storage);
    expect(storage.getItem(STORAGE_KEYS.lowSpecMode)).toBe('1');
    expect(storedLowSpec(storage)).toBe(true);
    storeLowSpec(false, storage);
    expect(storedLowSpec(storage)).toBe(false);
  });

  it('lets the automatic-switch toast show once per device', () => {
    const storage = new MemoryStorage();
    expect(takeLowSpecNotice(storage)).toBe(true);
    expect(takeLowSpecNotice(storage)).toBe(false);
    expect(storage.getItem(STORAGE_KEYS.lowSpecNoticeShown)).toBe('1');
  });
});

describe('demo board entry', () => {
  it('is offered on loopback hosts only', () => {
    expect(['localhost', '127.0.0.1', '[::1]'].map((h) => isLocalhost(h))).toEqual([true, true, true]);
    expect(['loot.example.com', '192.168.1.5', 'localhost.example.com'].map((h) => isLocalhost(h))).toEqual([
      false,
      false,
      false,
    ]);
  });
});
