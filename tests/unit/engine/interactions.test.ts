import { describe, expect, it } from 'vitest';
import { Emitter } from '#engine/emitter';
import { BoardInteractions } from '#engine/interactions';
import { BoardStore } from '#engine/model/board-store';
import type { GestureInput, PointerHit } from '#engine/model/gestures/index';
import type { BoardEngineEvents } from '#engine/types';
import { makeCard, makeSection } from './fixtures';

/**
 * Issue #26: a change from another screen must never interrupt a drag in progress. The engine says when a gesture
 * that edits the board begins and ends (editingChange), so the web holds board data back until then.
 */
function interactions() {
  const store = new BoardStore();
  store.setBoard({ cards: [makeCard(1, 100, 100)], sections: [makeSection(7, 0, 600, 800, 400)] });
  const events = new Emitter<BoardEngineEvents>();
  const seen: string[] = [];
  events.on('editingChange', ({ editing }) => seen.push(editing ? 'editing' : 'done'));
  events.on('dragEnd', () => seen.push('dragEnd'));
  events.on('sectionResize', () => seen.push('sectionResize'));
  const host = {
    store,
    events,
    view: () => ({ zoom: 1, offset: { x: 0, y: 0 } }),
    lod: () => 'full' as const,
    panBy: () => undefined,
    commitCamera: () => undefined,
    boardChanged: () => undefined,
    requestFrame: () => undefined,
  };
  return { gestures: new BoardInteractions(host), seen };
}

const down = (hit: PointerHit, x: number, y: number): GestureInput => ({ type: 'down', screen: { x, y }, button: 0, shift: false, space: false, hit });
const move = (x: number, y: number): GestureInput => ({ type: 'move', screen: { x, y } });

describe('BoardInteractions editingChange', () => {
  it('tells when a card drag begins and, after its dragEnd, when it ends', () => {
    const { gestures, seen } = interactions();
    gestures.input(down({ kind: 'card', cardId: 1, part: 'body' }, 150, 150));
    gestures.input(move(152, 151));
    expect(seen).toEqual([]);
    gestures.input(move(200, 200));
    gestures.input(move(260, 240));
    expect(seen).toEqual(['editing']);
    gestures.input({ type: 'up', screen: { x: 260, y: 240 } });
    expect(seen).toEqual(['editing', 'dragEnd', 'done']);
  });

  it('tells the end of a section resize, and of a drag cancelled by new board data', () => {
    const { gestures, seen } = interactions();
    gestures.input(down({ kind: 'section', sectionId: 7, part: 'resize' }, 800, 1000));
    gestures.input(move(850, 1050));
    gestures.input({ type: 'up', screen: { x: 850, y: 1050 } });
    expect(seen).toEqual(['editing', 'sectionResize', 'done']);
    seen.length = 0;
    gestures.input(down({ kind: 'card', cardId: 1, part: 'body' }, 150, 150));
    gestures.input(move(220, 220));
    gestures.retain();
    expect(seen).toEqual(['editing', 'done']);
  });

  it('says nothing for looking around: a pan or a click', () => {
    const { gestures, seen } = interactions();
    gestures.input(down({ kind: 'empty' }, 10, 10));
    gestures.input(move(80, 80));
    gestures.input({ type: 'up', screen: { x: 80, y: 80 } });
    gestures.input(down({ kind: 'card', cardId: 1, part: 'body' }, 150, 150));
    gestures.input({ type: 'up', screen: { x: 150, y: 150 } });
    expect(seen).toEqual([]);
  });
});
