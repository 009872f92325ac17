import { describe, expect, it } from 'vitest';
import { Emitter } from '#engine/emitter';
import { BoardInteractions } from '#engine/interactions';
import { BoardStore } from '#engine/model/board-store';
import type { GestureInput, PointerHit } from '#engine/model/gestures/index';
import type { BoardEngineEvents } from '#engine/types';
import { makeCard, makeSection } from './fixtures';

/**
 * A change from another screen must never interrupt a drag in progress. The engine says when a gesture
 * that edits the board begins and ends (editingChange), so the web holds board data back until then.
 */
/** The interactions of a board, over a host whose camera `view` returns (a fixed one unless a test moves it). */
function interactionsOf(
  store: BoardStore,
  events: Emitter<BoardEngineEvents>,
  view: () => { zoom: number; offset: { x: number; y: number } } = () => ({ zoom: 1, offset: { x: 0, y: 0 } }),
) {
  return new BoardInteractions({
    store,
    events,
    view,
    lod: () => 'full' as const,
    panBy: () => undefined,
    commitCamera: () => undefined,
    boardChanged: () => undefined,
    requestFrame: () => undefined,
  });
}

function interactions() {
  const store = new BoardStore();
  store.setBoard({ cards: [makeCard(1, 100, 100)], sections: [makeSection(7, 0, 600, 800, 400)] });
  const events = new Emitter<BoardEngineEvents>();
  const seen: string[] = [];
  events.on('editingChange', ({ editing }) => seen.push(editing ? 'editing' : 'done'));
  events.on('dragEnd', () => seen.push('dragEnd'));
  events.on('sectionResize', () => seen.push('sectionResize'));
  return { gestures: interactionsOf(store, events), seen };
}

const down = (hit: PointerHit, x: number, y: number): GestureInput => ({
  type: 'down',
  screen: { x, y },
  button: 0,
  shift: false,
  space: false,
  hit,
});
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

  it('keeps a press through new board data while its card is there, so a streamed change never swallows a click', () => {
    const store = new BoardStore();
    store.setBoard({ cards: [makeCard(1, 100, 100), makeCard(2, 500, 100)], sections: [] });
    const events = new Emitter<BoardEngineEvents>();
    const clicks: { cardId: number; shiftKey: boolean }[] = [];
    events.on('cardClick', (click) => clicks.push(click));
    const gestures = interactionsOf(store, events);
    gestures.input({
      type: 'down',
      screen: { x: 150, y: 150 },
      button: 0,
      shift: true,
      space: false,
      hit: { kind: 'card', cardId: 1, part: 'body' },
    });
    store.setBoard({ cards: [makeCard(1, 100, 100), makeCard(2, 500, 100)], sections: [] });
    gestures.retain();
    gestures.input({ type: 'up', screen: { x: 150, y: 150 } });
    expect(clicks).toEqual([{ cardId: 1, shiftKey: true }]);

    gestures.input(down({ kind: 'card', cardId: 2, part: 'body' }, 550, 150));
    store.setBoard({ cards: [makeCard(1, 100, 100)], sections: [] });
    gestures.retain();
    expect(gestures.gesture.name).toBe('idle');
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

/** Two cards side by side (card 1 at x 0–340, card 2 at x 400–740) under a camera the test moves. */
function hovering() {
  const store = new BoardStore();
  store.setBoard({ cards: [makeCard(1, 0, 0), makeCard(2, 400, 0)], sections: [] });
  const events = new Emitter<BoardEngineEvents>();
  const hovers: (number | null)[] = [];
  events.on('cardHover', (hover) => hovers.push(hover?.cardId ?? null));
  let view = { zoom: 1, offset: { x: 0, y: 0 } };
  return {
    store,
    gestures: interactionsOf(store, events, () => view),
    hovers,
    moveCamera: (x: number) => (view = { zoom: 1, offset: { x, y: 0 } }),
  };
}

describe('BoardInteractions hover under a still pointer', () => {
  it('follows the cards that move under it: the hover is the card there now, told once', () => {
    const { store, gestures, hovers } = hovering();
    gestures.hover({ x: 100, y: 100 });
    expect(hovers).toEqual([1]);
    // A re-layout swaps the two cards: card 2 is now under the pointer.
    store.updateCards([
      { id: 1, position: { x: 400, y: 0 } },
      { id: 2, position: { x: 0, y: 0 } },
    ]);
    expect(gestures.rehover()).toBe(true);
    expect(gestures.hoveredId).toBe(2);
    expect(gestures.rehover()).toBe(false);
    expect(hovers).toEqual([1, 2]);
  });

  it('follows the camera: a zoom or pan that leaves empty board under the pointer ends the hover', () => {
    const { gestures, hovers, moveCamera } = hovering();
    gestures.hover({ x: 370, y: 100 });
    expect(hovers).toEqual([]);
    moveCamera(100);
    expect(gestures.rehover()).toBe(true);
    expect(hovers).toEqual([1]);
    moveCamera(20);
    expect(gestures.rehover()).toBe(true);
    expect(hovers).toEqual([1, null]);
  });

  it('re-checks nothing once the pointer left, was pressed, or while a gesture runs', () => {
    const { store, gestures, hovers } = hovering();
    const swap = (a: number, b: number) =>
      store.updateCards([
        { id: 1, position: { x: a, y: 0 } },
        { id: 2, position: { x: b, y: 0 } },
      ]);
    gestures.hover({ x: 100, y: 100 });
    gestures.hover(null);
    swap(400, 0);
    expect(gestures.rehover()).toBe(false);

    gestures.hover({ x: 100, y: 100 });
    gestures.input(down({ kind: 'card', cardId: 2, part: 'body' }, 100, 100));
    gestures.input(move(180, 150));
    swap(0, 400);
    expect(gestures.rehover()).toBe(false);
    gestures.input({ type: 'up', screen: { x: 180, y: 150 } });
    // Released, the pointer's place is told by its next move, not the one before the press.
    swap(400, 0);
    expect(gestures.rehover()).toBe(false);
    expect(hovers).toEqual([1, null, 2]);
  });
});
