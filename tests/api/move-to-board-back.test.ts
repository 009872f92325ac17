import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectJson, seedUserBoard } from './fixtures/board-api';

type Row = { id: number; board_id: number; section_id: number | null; x: number; y: number };

/**
 * card.moveToBoard with `back`: the undo of a move to another board, one batch on the board the cards went to,
 * putting each back into its section (or loose, at its place) on the board it came from. A section that is not on
 * that board is refused whole, writing nothing.
 */
describe('card.moveToBoard back into a section', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('moves cards out in one batch and back into their section in one more; a foreign section is a 404', async () => {
    t = await createTestApp();
    const owner = await seedUserBoard(t, 'owner@example.com');
    const other = await expectJson(t, 'POST', '/api/boards', 201, {
      cookie: owner.cookie,
      json: { title: 'Other' },
    });
    const [inSection, loose] = owner.cards;
    const rows = async () =>
      t.sql<Row>('select id, board_id, section_id, x, y from cards where id in (?, ?) order by id', [
        inSection.id,
        loose.id,
      ]);
    const before = await rows();
    const send = (boardId: number, batchId: string, ops: unknown[], status = 200) =>
      expectJson(t, 'POST', `/api/boards/${boardId}/ops`, status, { cookie: owner.cookie, json: { batchId, ops } });

    await send(owner.board.id, 'move-out-batch', [
      { type: 'card.moveToBoard', id: inSection.id, boardId: other.id },
      { type: 'card.moveToBoard', id: loose.id, boardId: other.id },
    ]);
    expect((await rows()).map((r) => [r.board_id, r.section_id])).toEqual([
      [other.id, null],
      [other.id, null],
    ]);

    // A section of yet another board: refused, nothing moves.
    const theirs = await seedUserBoard(t, 'stranger@example.com');
    const refused = await send(
      other.id,
      'move-back-foreign',
      [
        {
          type: 'card.moveToBoard',
          id: inSection.id,
          boardId: owner.board.id,
          back: { sectionId: theirs.section.id, position: { x: 0, y: 0 } },
        },
      ],
      404,
    );
    expect(refused.error.code).toBe('not_found');
    expect((await rows()).every((r) => r.board_id === other.id)).toBe(true);

    const { version: since } = await expectJson(t, 'GET', `/api/boards/${owner.board.id}/content?limit=1`, 200, {
      cookie: owner.cookie,
    });
    const back = await send(other.id, 'move-back-batch', [
      {
        type: 'card.moveToBoard',
        id: inSection.id,
        boardId: owner.board.id,
        back: { sectionId: owner.section.id, position: { x: before[0].x, y: before[0].y } },
      },
      {
        type: 'card.moveToBoard',
        id: loose.id,
        boardId: owner.board.id,
        back: { sectionId: null, position: { x: before[1].x, y: before[1].y } },
      },
    ]);
    // The answer is the board they left: both gone from it.
    expect([...back.change.removedCardIds].sort((a: number, b: number) => a - b)).toEqual([inSection.id, loose.id]);
    const after = await rows();
    expect(after.map((r) => [r.board_id, r.section_id])).toEqual([
      [owner.board.id, owner.section.id],
      [owner.board.id, null],
    ]);
    // The board they came back to heard it as one change of its own, naming both cards.
    const heard = await expectJson(t, 'GET', `/api/boards/${owner.board.id}/changes?since=${since}`, 200, {
      cookie: owner.cookie,
    });
    expect(heard.kind).toBe('changes');
    expect(heard.changes).toHaveLength(1);
    const last = heard.changes[0] as { cards: [number, ...unknown[]][] };
    expect(last.cards.map(([id]) => id).sort((a, b) => a - b)).toEqual([inSection.id, loose.id]);

    // Malformed: a position that is not a point.
    await send(
      owner.board.id,
      'move-bad-back',
      [{ type: 'card.moveToBoard', id: loose.id, boardId: other.id, back: { sectionId: null, position: 'here' } }],
      400,
    );
    expect((await rows()).map((r) => r.board_id)).toEqual([owner.board.id, owner.board.id]);
  });
});
