import { describe, expect, it } from 'vitest';
import { decideSectionLocks, fnv1a, lockedSectionIds } from '#shared/section-lock';

const sections = (titles: string[]) => titles.map((title, i) => ({ id: i + 1, title }));

describe('lockedSectionIds', () => {
  it('locks nothing for paid plans or boards with fewer than two sections', () => {
    const six = sections(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(lockedSectionIds(2, 'Board', six).size).toBe(0);
    expect(lockedSectionIds(4, 'Board', six).size).toBe(0);
    expect(lockedSectionIds(1, 'Board', sections(['only'])).size).toBe(0);
  });

  it('locks about 55% for the free plan and for an absent plan, always leaving one open', () => {
    const counts = [2, 3, 4, 5, 6, 10, 20].map(
      (n) => lockedSectionIds(1, 'B', sections(Array.from({ length: n }, (_, i) => `S${i}`))).size,
    );
    expect(counts).toEqual([1, 2, 2, 3, 3, 6, 11]);
    expect(lockedSectionIds(undefined, 'B', sections(['x', 'y', 'z', 'w'])).size).toBe(2);
    expect(lockedSectionIds(null, 'B', sections(['x', 'y'])).size).toBe(1);
  });

  it('is deterministic and depends on the board and section titles, not on order', () => {
    const list = sections(['Offers', 'Shops', 'Battle pass', 'Piggy bank', 'Events']);
    const first = lockedSectionIds(1, 'Monetization refs', list);
    expect(lockedSectionIds(1, 'Monetization refs', [...list].reverse())).toEqual(first);
    const otherBoards = ['Board A', 'Board B', 'Board C', 'Board D', 'Board E'].map((t) =>
      [...lockedSectionIds(1, t, list)].sort().join(),
    );
    expect(new Set(otherBoards).size).toBeGreaterThan(1);
  });

  it('hashes with FNV-1a', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
  });
});

describe('decideSectionLocks (decided once, at creation)', () => {
  const batch = (titles: string[], firstId = 1) => titles.map((title, i) => ({ id: firstId + i, title }));

  it('locks a batch of 2 or more exactly as lockedSectionIds over the batch, whatever else the board holds', () => {
    const created = batch(['Offers', 'Shops', 'Battle passes', 'Piggy banks', 'Subscriptions'], 10);
    const expected = lockedSectionIds(1, 'Monetization', created);
    expect(decideSectionLocks('Monetization', created, 0)).toEqual(expected);
    expect(decideSectionLocks('Monetization', created, 40)).toEqual(expected);
    expect(expected.size).toBe(3);
  });

  it('leaves the first section of a board open', () => {
    expect(decideSectionLocks('Board', batch(['Only']), 0).size).toBe(0);
  });

  it('locks a single added section by its hash, in about the locked proportion', () => {
    const single = (title: string) => decideSectionLocks('Board', [{ id: 1, title }], 3).size;
    const titles = Array.from({ length: 2000 }, (_, i) => `Section ${i}`);
    const locked = titles.filter((title) => single(title) === 1).length / titles.length;
    expect(locked).toBeGreaterThan(0.5);
    expect(locked).toBeLessThan(0.6);
    expect(titles.map(single)).toEqual(titles.map(single));
  });

  it("never locks a query's answer: the same share is taken from the other sections of the batch", () => {
    for (const n of [2, 3, 4, 5, 6, 10]) {
      for (const board of ['Starter Pack in Match-3', 'Battle Pass', 'Untitled 2']) {
        const created = batch(Array.from({ length: n }, (_, i) => `${board} section ${i}`));
        for (const answer of [created[0], created[n - 1]]) {
          const locked = decideSectionLocks(board, created, 0, answer.id);
          expect(locked.has(answer.id)).toBe(false);
          expect(locked.size).toBe(lockedSectionIds(1, board, created).size);
          expect(decideSectionLocks(board, created, 4, answer.id)).toEqual(locked);
        }
      }
    }
    // The answer alone, even on a board that has other sections, is open.
    expect(decideSectionLocks('Board', batch(['Answer']), 5, 1).size).toBe(0);
  });
});
