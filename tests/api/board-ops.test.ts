import { afterEach, describe, expect, it } from 'vitest';
import { expandCompactRow } from '#shared/schemas/board-content';
import { boardChange, changesAnswer, opsResult, type BoardOp } from '#shared/schemas/board-ops';
import { organizeLayout } from '#shared/board-intents';
import { SCREEN_ID_HEADER } from '#shared/screen-id';
import { CHANGE_ROWS_MAX } from '../../api/services/board-ops/change-set';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { dumpBoardTables, expectJson, seedUserBoard } from './fixtures/board-api';

/** POST /api/boards/:id/ops and GET /api/boards/:id/changes: one door for every board change. */
describe('board operations', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  let batches = 0;
  const batchId = () => `test-batch-${process.pid}-${(batches += 1)}`;
  const send = async (cookie: string, boardId: number, ops: BoardOp[] | unknown[], status = 200, id = batchId()) =>
    await expectJson(t, 'POST', `/api/boards/${boardId}/ops`, status, { cookie, json: { batchId: id, ops } });
  const changes = async (cookie: string, boardId: number, since: number) =>
    changesAnswer.parse(await expectJson(t, 'GET', `/api/boards/${boardId}/changes?since=${since}`, 200, { cookie }));
  const version = async (boardId: number) =>
    Number(
      (await t.sql<{ version: number }>('select version from board_content_versions where board_id = ?', [boardId]))[0]
        .version,
    );

  it('applies a batch in order and answers the changed rows and the new content version', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const before = await version(board.id);
    const answer = opsResult.parse(
      await send(cookie, board.id, [
        { type: 'card.move', id: cards[0].id, position: { x: 500, y: 600 } },
        { type: 'card.move', id: cards[1].id, position: { x: 10, y: 20 } },
        {
          type: 'section.create',
          ref: 'new',
          section: { title: 'Events', color: '#E2ECE9', position: { x: 900, y: 50 } },
        },
        { type: 'card.setSection', id: cards[1].id, sectionId: 0, sectionRef: 'new' },
        { type: 'section.rename', id: section.id, title: 'Shops & offers' },
        { type: 'card.bookmark', id: cards[0].id, value: true },
        { type: 'board.rename', title: 'Live board' },
      ]),
    );
    const { change, refs } = answer;
    expect(change.fromVersion).toBe(before);
    expect(change.version).toBe(await version(board.id));
    expect(change.version).toBeGreaterThan(before);
    expect(change.board).toEqual({ title: 'Live board' });
    const byId = new Map(change.cards.map((row) => [row[0], expandCompactRow(row)]));
    expect(byId.get(cards[0].id)).toMatchObject({ position: { x: 500, y: 600 }, isBookmarked: 1 });
    expect(byId.get(cards[1].id)).toMatchObject({ position: { x: 10, y: 20 }, sectionId: refs.new });
    expect(change.sections.map((s) => s.title).sort()).toEqual(['Events', 'Shops & offers']);
    // The database says the same as the answer.
    const stored = await expectJson(t, 'GET', `/api/cards/${cards[1].id}`, 200, { cookie });
    expect(stored).toMatchObject({ sectionId: refs.new, position: { x: 10, y: 20 } });
    expect((await expectJson(t, 'GET', '/api/boards', 200, { cookie }))[0].title).toBe('Live board');
  });

  it('applies nothing when one op of the batch is refused, and answers that op’s error', async () => {
    t = await createTestApp();
    const { cookie, board, cards } = await seedUserBoard(t);
    const other = await seedUserBoard(t, 'other@example.com');
    const before = await dumpBoardTables(t);
    const versionBefore = await version(board.id);
    const refused = await send(
      cookie,
      board.id,
      [
        { type: 'card.move', id: cards[0].id, position: { x: 1, y: 1 } },
        { type: 'card.delete', id: cards[1].id },
        // Another user's card: the whole batch is refused as if it did not exist.
        { type: 'card.setSection', id: other.cards[0].id, sectionId: null },
      ],
      404,
    );
    expect(refused.error.code).toBe('not_found');
    expect(await dumpBoardTables(t)).toBe(before);
    expect(await version(board.id)).toBe(versionBefore);
    // Another user's board, and a card of one's own other board sent to this one: 404 as well.
    await send(cookie, other.board.id, [{ type: 'board.rename', title: 'mine now' }], 404);
    const second = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Second' } });
    await send(cookie, second.id, [{ type: 'card.move', id: cards[0].id, position: { x: 0, y: 0 } }], 404);
    expect(await dumpBoardTables(t)).not.toBe(before); // the second board was created
    expect((await t.sql('select x, y from cards where id = ?', [cards[0].id]))[0]).toEqual({ x: 0, y: 0 });
  });

  it('refuses malformed batches with 400 naming the field, writing nothing', async () => {
    t = await createTestApp();
    const { cookie, board, cards } = await seedUserBoard(t);
    const before = await dumpBoardTables(t);
    const bad: [unknown, string][] = [
      [{ ops: [{ type: 'card.move', id: cards[0].id, position: { x: 1, y: 1 } }] }, 'batchId'],
      [{ batchId: 'short', ops: [{ type: 'board.organize' }] }, 'batchId'],
      [{ batchId: batchId(), ops: [] }, 'ops'],
      [{ batchId: batchId(), ops: [{ type: 'card.teleport', id: cards[0].id }] }, 'ops.0.type'],
      [{ batchId: batchId(), ops: [{ type: 'card.move', id: '5', position: { x: 1, y: 1 } }] }, 'ops.0.id'],
      [{ batchId: batchId(), ops: [{ type: 'board.rename', title: '   ' }] }, 'ops.0.title'],
      [{ batchId: batchId(), ops: [{ type: 'section.recolor', id: 1, color: '<script>' }] }, 'ops.0.color'],
    ];
    for (const [json, field] of bad) {
      const answer = await expectJson(t, 'POST', `/api/boards/${board.id}/ops`, 400, { cookie, json });
      expect(answer.error.field, JSON.stringify(json)).toBe(field);
    }
    const refsMissing = await send(
      cookie,
      board.id,
      [{ type: 'card.setSection', id: cards[0].id, sectionId: 0, sectionRef: 'nowhere' }],
      400,
    );
    expect(refsMissing.error.field).toBe('sectionRef');
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('layout.set places cards and sizes sections in one batch', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const { change } = opsResult.parse(
      await send(cookie, board.id, [
        {
          type: 'layout.set',
          cards: [
            { id: cards[0].id, position: { x: 25, y: 115 } },
            { id: cards[1].id, position: { x: -10.5, y: 700 } },
          ],
          sections: [{ id: section.id, position: { x: 0, y: 50 }, size: { width: 400, height: 370 } }],
        },
      ]),
    );
    expect(change.cards.map((row) => expandCompactRow(row).position)).toEqual([
      { x: 25, y: 115 },
      { x: -10.5, y: 700 },
    ]);
    const listed = await expectJson(t, 'GET', `/api/cards?boardId=${board.id}`, 200, { cookie });
    expect(listed.map((c: { position: unknown }) => c.position)).toEqual([
      { x: 25, y: 115 },
      { x: -10.5, y: 700 },
    ]);
    const sections = await expectJson(t, 'GET', `/api/sections?boardId=${board.id}`, 200, { cookie });
    expect(sections[0]).toMatchObject({ position: { x: 0, y: 50 }, size: { width: 400, height: 370 } });
  });

  it('layout.set writes nothing when any item is not on the board, or an entry is malformed', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const otherBoard = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Other' } });
    const strayCard = await expectJson(t, 'POST', '/api/cards', 201, {
      cookie,
      json: { boardId: otherBoard.id, title: 's' },
    });
    const good = { id: cards[0].id, position: { x: 1, y: 2 } };
    const box = (id: number) => ({ id, position: { x: 0, y: 0 }, size: { width: 1, height: 1 } });
    const before = await dumpBoardTables(t);
    for (const op of [
      // A card of another of the user's boards, a section that does not exist, a card id used as a section id.
      { type: 'layout.set', cards: [good, { id: strayCard.id, position: { x: 0, y: 0 } }] },
      { type: 'layout.set', cards: [good], sections: [box(section.id + 100)] },
      { type: 'layout.set', cards: [good], sections: [box(cards[1].id)] },
    ]) {
      const refused = await send(cookie, board.id, [op], 404);
      expect(refused.error.code, JSON.stringify(op)).toBe('not_found');
    }
    for (const [op, field] of [
      [{ type: 'layout.set', cards: [good, { id: cards[1].id }] }, 'ops.0.cards.1.position'],
      [{ type: 'layout.set', sections: [{ id: section.id, position: { x: 0, y: 0 } }] }, 'ops.0.sections.0.size'],
      [{ type: 'layout.set', cards: [good, { id: '1', position: { x: 0, y: 0 } }] }, 'ops.0.cards.1.id'],
      [
        { type: 'layout.set', sections: [{ ...box(section.id), size: { width: -5, height: 10 } }] },
        'ops.0.sections.0.size.width',
      ],
      [{ type: 'layout.set', cards: 'nope' }, 'ops.0.cards'],
    ] as const) {
      const refused = await send(cookie, board.id, [op], 400);
      expect(refused.error.field, JSON.stringify(op)).toBe(field);
    }
    expect(await dumpBoardTables(t)).toBe(before);
  });

  it('applies a batch sent again with the same id once, and answers it the same', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    const id = batchId();
    const ops = [{ type: 'card.create', ref: 'c', card: { title: 'Once only', position: { x: 5, y: 5 } } }];
    const first = await send(cookie, board.id, ops, 200, id);
    const again = await send(cookie, board.id, ops, 200, id);
    expect(again).toEqual(first);
    expect(await t.sql("select count(*) n from cards where title = 'Once only'")).toEqual([{ n: 1 }]);
    // Sent from several tabs at once (a retry racing the original): still applied once, every answer the same.
    const raced = batchId();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => send(cookie, board.id, [{ ...ops[0], card: { title: 'Raced' } }], 200, raced)),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await t.sql("select count(*) n from cards where title = 'Raced'")).toEqual([{ n: 1 }]);
    // The id is the sender's for one board: reused for another board it is refused.
    const second = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Second' } });
    await send(cookie, second.id, ops, 409, id);
  });

  it('organizes the board on the server with the shared layout', async () => {
    t = await createTestApp();
    const { cookie, board, section, cards } = await seedUserBoard(t);
    const { change } = opsResult.parse(await send(cookie, board.id, [{ type: 'board.organize' }]));
    // The section keeps the size it was given where its cards fit in it (Organize keeps sizes the user chose).
    const expected = organizeLayout({
      sections: [{ id: section.id, size: section.size, locked: false }],
      cards: cards.map((c) => ({ id: c.id, sectionId: c.sectionId, orientation: c.orientation })),
    });
    for (const placed of expected.cards) {
      expect((await expectJson(t, 'GET', `/api/cards/${placed.id}`, 200, { cookie })).position).toEqual(
        placed.position,
      );
    }
    const [laid] = expected.sections;
    expect(change.sections.find((s) => s.id === section.id)).toMatchObject({
      position: laid.position,
      size: laid.size,
    });
    // Run again, nothing moves: nothing is written or told.
    const again = opsResult.parse(await send(cookie, board.id, [{ type: 'board.organize' }]));
    expect(again.change.cards).toEqual([]);
    expect(again.change.sections).toEqual([]);
  });

  it('a layout too large to tell row by row is one change from the version before it, naming the screen that sent it', async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    // More cards than a change tells row by row (CHANGE_ROWS_MAX), made and placed through the ops door.
    const count = CHANGE_ROWS_MAX + 500;
    const made = opsResult.parse(
      await send(
        cookie,
        board.id,
        Array.from({ length: count }, (_, i) => ({ type: 'card.create', card: { title: `card ${i}` } })),
      ),
    );
    expect(made.change.reload).toBe(true);
    const start = await version(board.id);
    const ids = (await t.sql<{ id: number }>('select id from cards where board_id = ? order by id', [board.id])).map(
      (r) => Number(r.id),
    );
    expect(ids.length).toBeGreaterThan(CHANGE_ROWS_MAX);
    const cards = ids.map((id, i) => ({ id, position: { x: (i % 10) * 370, y: Math.floor(i / 10) * 310 } }));
    const screen = 'screen-of-test-1';
    const placed = opsResult.parse(
      await expectJson(t, 'POST', `/api/boards/${board.id}/ops`, 200, {
        cookie,
        json: { batchId: batchId(), ops: [{ type: 'layout.set', cards }] },
        headers: { [SCREEN_ID_HEADER]: screen },
      }),
    );
    expect(placed.change).toMatchObject({ reload: true, cards: [], screen });
    const told = await changes(cookie, board.id, start);
    expect(told.kind).toBe('changes');
    if (told.kind !== 'changes') return;
    expect(told.changes).toHaveLength(1);
    expect(told.changes[0]).toMatchObject({
      fromVersion: start,
      version: await version(board.id),
      reload: true,
      screen,
      cards: [],
    });
    const last = (await t.sql<{ x: number; y: number }>('select x, y from cards where id = ?', [ids.at(-1)!]))[0];
    expect([Number(last.x), Number(last.y)]).toEqual([cards.at(-1)!.position.x, cards.at(-1)!.position.y]);
    // A screen that sent no id (or a malformed one) is named on nothing.
    await expectJson(t, 'POST', `/api/boards/${board.id}/ops`, 200, {
      cookie,
      json: { batchId: batchId(), ops: [{ type: 'board.organize' }] },
      headers: { [SCREEN_ID_HEADER]: 'bad id!' },
    });
    const next = await changes(cookie, board.id, told.version);
    expect(next.kind === 'changes' && next.changes[0]).toMatchObject({ reload: true });
    expect(next.kind === 'changes' && next.changes[0]).not.toHaveProperty('screen');
  }, 60_000);

  it('tells what changed since a version, from any write, and asks for a reload across a gap', async () => {
    t = await createTestApp();
    const { cookie, board, cards } = await seedUserBoard(t);
    const start = await version(board.id);
    await send(cookie, board.id, [{ type: 'card.move', id: cards[0].id, position: { x: 1, y: 2 } }]);
    // The spec's REST routes write through the same door.
    await expectJson(t, 'PATCH', `/api/cards/${cards[1].id}/position`, 200, {
      cookie,
      json: { position: { x: 3, y: 4 } },
    });
    await expectJson(t, 'DELETE', `/api/cards/${cards[0].id}`, 200, { cookie });
    const told = await changes(cookie, board.id, start);
    expect(told.kind).toBe('changes');
    if (told.kind !== 'changes') return;
    expect(told.version).toBe(await version(board.id));
    expect(told.changes.map((c) => [c.fromVersion, c.version])).toEqual([
      [start, told.changes[0].version],
      [told.changes[0].version, told.changes[1].version],
      [told.changes[1].version, told.version],
    ]);
    expect(told.changes[2].removedCardIds).toEqual([cards[0].id]);
    expect(await changes(cookie, board.id, told.version)).toEqual({
      kind: 'changes',
      version: told.version,
      changes: [],
    });
    // A write that did not go through the door (here: straight into the database) leaves a gap: reload.
    await t.sql('update cards set title = ? where id = ?', ['behind its back', cards[1].id]);
    expect((await changes(cookie, board.id, start)).kind).toBe('reload');
    expect((await changes(cookie, board.id, told.version)).kind).toBe('reload');
    // Another user's board is not found.
    const other = await seedUserBoard(t, 'other@example.com');
    await expectJson(t, 'GET', `/api/boards/${other.board.id}/changes?since=0`, 404, { cookie });
  });

  it('a card moved to another board is told on both boards', async () => {
    t = await createTestApp();
    const { cookie, board, cards } = await seedUserBoard(t);
    const second = await expectJson(t, 'POST', '/api/boards', 201, { cookie, json: { title: 'Second' } });
    const secondStart = await version(second.id);
    const { change } = opsResult.parse(
      await send(cookie, board.id, [{ type: 'card.moveToBoard', id: cards[0].id, boardId: second.id }]),
    );
    expect(change.removedCardIds).toEqual([cards[0].id]);
    const there = await changes(cookie, second.id, secondStart);
    expect(there.kind).toBe('changes');
    if (there.kind === 'changes')
      expect(there.changes.flatMap((c) => c.cards.map((row) => row[0]))).toEqual([cards[0].id]);
  });

  it("never tells a free owner's hidden cards, and treats them as missing", async () => {
    t = await createTestApp();
    const { cookie, board } = await seedUserBoard(t);
    // A free user's batch of sections: some are locked, and a card put in one is hidden.
    const titles = ['Shops', 'Offers', 'Events', 'Passes', 'Chests', 'Ads'];
    const { change, refs } = opsResult.parse(
      await send(cookie, board.id, [
        ...titles.map((title, i) => ({ type: 'section.create', ref: `s${i}`, section: { title, color: '#E2ECE9' } })),
        ...titles.map((_, i) => ({
          type: 'card.create',
          ref: `c${i}`,
          card: { title: `card ${i}`, sectionId: 0, sectionRef: `s${i}` },
        })),
      ]),
    );
    const locked = change.sections.filter((s) => s.locked).map((s) => s.id);
    expect(locked.length).toBeGreaterThan(0);
    const hiddenCards = titles
      .map((_, i) => i)
      .filter((i) => locked.includes(refs[`s${i}`]))
      .map((i) => refs[`c${i}`]);
    const toldCards = change.cards.map((row) => row[0]);
    expect(hiddenCards.length).toBeGreaterThan(0);
    for (const id of hiddenCards) expect(toldCards).not.toContain(id);
    expect(toldCards.length).toBe(titles.length - hiddenCards.length);
    const before = await dumpBoardTables(t);
    await send(cookie, board.id, [{ type: 'card.move', id: hiddenCards[0], position: { x: 9, y: 9 } }], 404);
    expect(await dumpBoardTables(t)).toBe(before);
    // The stored change says the same: a catch-up never carries them either.
    const stored = await t.sql<{ change: string }>(
      'select change from board_changes where board_id = ? order by id desc limit 1',
      [board.id],
    );
    const parsed = boardChange.parse(JSON.parse(stored[0].change));
    for (const id of hiddenCards) expect(parsed.cards.map((row) => row[0])).not.toContain(id);
  });
});
