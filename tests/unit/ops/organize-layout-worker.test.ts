import { afterEach, describe, expect, it } from 'vitest';
import { organizeLayout, type OrganizeCard, type OrganizeSection } from '#shared/board-intents';
import {
  LayoutWorker,
  ORGANIZE_OFF_LOOP_CARDS,
  organizePacked,
  packOrganizeInput,
  unpackLayout,
  unpackOrganizeInput,
} from '../../../api/workers/organize-layout';

/** A board with open and locked sections of several sizes, loose cards, both orientations and sparse ids. */
function board(cardCount: number): { cards: OrganizeCard[]; sections: OrganizeSection[] } {
  const sections: OrganizeSection[] = Array.from({ length: 23 }, (_, i) => ({
    id: 1000 + i * 7,
    size: { width: 400 + (i % 4) * 130, height: 200 + (i % 3) * 95.5 },
    locked: i % 6 === 5,
  }));
  const cards: OrganizeCard[] = Array.from({ length: cardCount }, (_, i) => ({
    id: 5 + i * 3,
    sectionId: i % 4 === 3 ? null : sections[(i * 7) % sections.length].id,
    orientation: i % 5 === 0 ? 'vertical' : 'horizontal',
  }));
  return { cards, sections };
}

/** Organize's layout on the layout thread is the shared function's, number for number. */
describe('the layout worker', () => {
  let worker: LayoutWorker | undefined;
  afterEach(async () => {
    await worker?.close();
    worker = undefined;
  });

  it('packs a board and a layout without losing a field (null sections, locks, fractions)', () => {
    const input = board(40);
    expect(unpackOrganizeInput(packOrganizeInput(input))).toEqual(input);
    expect(unpackLayout(organizePacked(packOrganizeInput(input)))).toEqual(organizeLayout(input));
  });

  it('gives exactly the layout the loop computes for the same board, for boards asked one after another', async () => {
    worker = new LayoutWorker();
    for (const size of [3_000, 0, 257]) {
      const input = board(size);
      const offLoop = await worker.organize(input);
      expect(offLoop).toEqual(organizeLayout(input));
      expect(offLoop.cards).toHaveLength(size);
    }
  });

  it('answers requests sent together, each with its own board', async () => {
    worker = new LayoutWorker();
    const inputs = [board(500), board(20), board(1_200)];
    const answers = await Promise.all(inputs.map((input) => worker!.organize(input)));
    answers.forEach((answer, i) => expect(answer).toEqual(organizeLayout(inputs[i])));
  });

  it('takes boards from its threshold up, the rest staying in the loop', () => {
    expect(new LayoutWorker().takes(ORGANIZE_OFF_LOOP_CARDS)).toBe(true);
    expect(new LayoutWorker().takes(ORGANIZE_OFF_LOOP_CARDS - 1)).toBe(false);
    expect(new LayoutWorker({ fromCards: 10 }).takes(10)).toBe(true);
    expect(new LayoutWorker({ fromCards: 10 }).takes(9)).toBe(false);
  });

  it('starts a new thread after close', async () => {
    worker = new LayoutWorker();
    await worker.organize(board(10));
    await worker.close();
    expect(await worker.organize(board(30))).toEqual(organizeLayout(board(30)));
  });
});
