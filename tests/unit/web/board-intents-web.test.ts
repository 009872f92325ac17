import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeCards, type ReflowBoard } from '#shared/board-intents';
import { cardRect } from '#shared/card-geometry';
import { cachedBoard } from '../../../web/data/board-changes';
import { boardSessions, LootQueryClient } from '../../../web/data/query-client';
import { cardKeys, sectionKeys } from '../../../web/data/query-keys';
import type { LocalBoard } from '../../../web/logic/board-ops/merge-change';
import { predictOps } from '../../../web/logic/board-ops/predict-ops';
import type { Card, Section } from '../../../web/data/wire';

const card = (id: number, sectionId: number | null, x: number, y: number): Card =>
  ({
    id,
    boardId: 1,
    sectionId,
    title: `Card ${id}`,
    orientation: 'horizontal',
    position: { x, y },
    isBookmarked: 0,
  }) as unknown as Card;
const section = (id: number, x: number, y: number): Section =>
  ({
    id,
    boardId: 1,
    title: `S${id}`,
    color: '#FDE2E4',
    position: { x, y },
    size: { width: 400, height: 100 },
  }) as Section;

const asReflow = (b: LocalBoard): ReflowBoard => ({
  cards: b.cards.map((c) => ({
    id: c.id,
    sectionId: c.sectionId ?? null,
    orientation: 'horizontal',
    position: c.position,
  })),
  sections: b.sections.map((s) => ({ id: s.id, position: s.position, size: s.size })),
});

function overlapping(b: LocalBoard): boolean {
  const rects = b.cards.map((c) => cardRect(c));
  return rects.some((a, i) =>
    rects.some(
      (o, j) => j > i && a.x < o.x + o.width && o.x < a.x + a.width && a.y < o.y + o.height && o.y < a.y + a.height,
    ),
  );
}

describe('prediction with the shared layout intents', () => {
  const board: LocalBoard = {
    cards: [card(1, 10, 25, 115), card(2, null, 3000, 3000), card(3, null, 3400, 3000), card(4, null, 3800, 3000)],
    sections: [section(10, 0, 50), section(11, 600, 50)],
  };

  it('predicts a drop exactly as the server lays it out: the same shared function', () => {
    const ops = [{ type: 'cards.place' as const, ids: [2, 3, 4], sectionId: 10, at: [{ x: 40, y: 100 }] }];
    const predicted = predictOps(board, ops);
    const outcome = placeCards(asReflow(board), { ids: [2, 3, 4], sectionId: 10, at: [{ x: 40, y: 100 }] });
    for (const u of outcome.updates) {
      const item =
        u.type === 'card' ? predicted.cards.find((c) => c.id === u.id) : predicted.sections.find((s) => s.id === u.id);
      expect(item?.position).toEqual(u.position);
    }
    expect(
      predicted.cards
        .filter((c) => c.sectionId === 10)
        .map((c) => c.id)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(overlapping(predicted)).toBe(false);
    // The input is left as it was.
    expect(board.cards[1].sectionId).toBeNull();
  });

  it('a delete closes its section; the restore puts the same card back in its slot', () => {
    const filled = predictOps(board, [{ type: 'cards.place', ids: [2, 3], sectionId: 10 }]);
    const victim = filled.cards.find((c) => c.id === 1)!;
    const deleted = predictOps(filled, [{ type: 'card.delete', id: 1 }]);
    expect(deleted.cards.some((c) => c.id === 1)).toBe(false);
    expect(deleted.cards.find((c) => c.id === 2)!.position).toEqual(victim.position);
    const restored = predictOps(deleted, [{ type: 'card.restore', id: 1 }], new Map([[1, victim]]));
    for (const c of filled.cards) expect(restored.cards.find((x) => x.id === c.id)!.position).toEqual(c.position);
  });

  it('organize lays the whole board out; nothing overlaps', () => {
    const organized = predictOps(board, [{ type: 'board.organize' }]);
    expect(overlapping(organized)).toBe(false);
    expect(organized.cards.find((c) => c.id === 2)!.position).not.toEqual({ x: 3000, y: 3000 });
  });
});

describe('pending batches and rebase', () => {
  /** A screen with the board in its cache, as the board's content query leaves it. */
  const screen = (boardId: number, board: LocalBoard) => {
    const qc = new LootQueryClient();
    qc.setQueryData(cardKeys.list(boardId), board.cards);
    qc.setQueryData(sectionKeys.list(boardId), board.sections);
    return { session: boardSessions(qc).session(boardId), cache: () => cachedBoard(qc, boardId) };
  };

  it('a teammate’s change lands under our pending drop; ours stays predicted on top, then the answer replaces it', () => {
    const { session, cache } = screen(1, {
      cards: [card(1, 10, 25, 115), card(2, null, 3000, 3000)],
      sections: [section(10, 0, 50), section(11, 600, 50)],
    });
    session.addPending({ batchId: 'ours', ops: [{ type: 'cards.place', ids: [2], sectionId: 10 }], known: new Map() });
    expect(cache().cards.find((c) => c.id === 2)!.sectionId).toBe(10);
    // A teammate renames section 10 and moves it: applied to the confirmed board, ours predicted again on top.
    const confirmed = session.confirmedBoard!;
    expect(confirmed.cards.find((c) => c.id === 2)!.sectionId).toBeNull();
    const teammate: LocalBoard = {
      ...confirmed,
      sections: confirmed.sections.map((s) =>
        s.id === 10 ? { ...s, title: 'Renamed', position: { x: 0, y: 900 } } : s,
      ),
    };
    session.rebasePending(teammate, 'theirs');
    expect(cache().sections.find((s) => s.id === 10)!.title).toBe('Renamed');
    const ours = cache().cards.find((c) => c.id === 2)!;
    expect(ours.sectionId).toBe(10);
    expect(ours.position.y).toBeGreaterThan(900);
    // Our answer arrives (its batch id): it is the truth, nothing is predicted any more.
    const answered: LocalBoard = {
      ...teammate,
      cards: teammate.cards.map((c) => (c.id === 2 ? { ...c, sectionId: 10, position: ours.position } : c)),
    };
    session.rebasePending(answered, 'ours');
    expect(session.confirmedBoard).toBeUndefined();
    expect(cache()).toEqual(answered);
  });

  it('a refused batch drops its prediction: the screen shows the confirmed board', () => {
    const original: LocalBoard = { cards: [card(2, null, 3000, 3000)], sections: [section(10, 0, 50)] };
    const { session, cache } = screen(2, original);
    session.addPending({ batchId: 'x', ops: [{ type: 'card.delete', id: 2 }], known: new Map() });
    expect(cache().cards).toHaveLength(0);
    session.dropPending('x');
    expect(cache()).toEqual(original);
    expect(session.confirmedBoard).toBeUndefined();
  });
});

/** The rules this design rests on, checked on the source so a change that breaks them fails here. */
describe('board change boundaries in the web', () => {
  const root = path.resolve(__dirname, '../../..');
  const files = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) return files(rel);
      return /\.(ts|tsx)$/.test(e.name) ? [rel] : [];
    });
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

  /**
   * Commands whose change is not one board's ops and still send their own requests: a bookmark (the person's own,
   * no board change), a board renamed or deleted (the board list).
   */
  const OWN_REQUESTS = new Set([
    'web/commands/toggle-bookmark.ts',
    'web/commands/rename-board.ts',
    'web/commands/delete-board.ts',
  ]);

  it('a command does no I/O of its own: only board-action.ts reaches the ops door, through runBoardOps', () => {
    const offenders = files('web/commands').filter((file) => {
      if (OWN_REQUESTS.has(file)) return false;
      const text = read(file);
      return (
        /data\/api-client|\bsendBoardOps\b|\bfetch\(|\bapiJson\b/.test(text) ||
        (file !== 'web/commands/board-action.ts' && /\brunBoardOps\b/.test(text))
      );
    });
    expect(offenders).toEqual([]);
  });

  it('there is one layout implementation: the web only predicts with shared/board-intents.ts, in one place', () => {
    const layoutCalls =
      /\b(layoutBoard|reflowSections|layoutSectionContent|organizeLayout|placeCards|closeGaps|moveSectionWithCards)\(/;
    const offenders = files('web').filter(
      (file) =>
        file !== 'web/logic/board-ops/predict-ops.ts' &&
        (layoutCalls.test(read(file)) || /#shared\/board-intents/.test(read(file))),
    );
    expect(offenders).toEqual([]);
    // No grid of its own either: the spec's layout numbers belong to shared/layout.ts. The engine lab's generated
    // boards (web/lab, a benchmark's synthetic data, never written to a board) draw their own grid.
    const ownGrid = files('web').filter(
      (file) =>
        !file.startsWith('web/lab/') && /\b(MAX_CARDS_PER_ROW|LOOSE_CARD_COLUMNS|SECTION_PADDING)\b/.test(read(file)),
    );
    expect(ownGrid).toEqual([]);
  });

  it('execute, undo and redo each send one batch: a batch of board commands is joined, never run child by child', () => {
    const batch = read('web/commands/batch.ts');
    expect(batch).toMatch(/joinActions/);
    expect(read('web/commands/board-action.ts')).not.toMatch(/for \(const .* of .*\) *\{?\s*await runBoardOps/);
  });
});
