import { describe, expect, it } from 'vitest';
import type { Card } from '../../../web/data/wire';
import { BrokenImageCache } from '../../../web/logic/broken-images';
import { diffCards, toEngineCard } from '../../../web/logic/engine-data';
import { decideAutoLayout, grewPastBaseline, type LayoutDecisionInput } from '../../../web/logic/auto-layout-decision';
import { cardRect } from '#shared/card-geometry';
import {
  fitTransform,
  fromMinimap,
  toMinimap,
  viewCenteredOn,
  viewportWorldRect,
  worldBounds,
} from '../../../web/logic/minimap';
import { missingChoice, planMove, type MoveDialogChoices } from '../../../web/logic/move-dialog';
import { shortcutFor, type KeyLike } from '../../../web/logic/shortcuts';
import { loadBoardView, saveBoardView } from '../../../web/logic/view-state';
import { MemoryStorage } from './memory-storage';

const card = (id: number, patch: Partial<Card> = {}): Card => ({
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
  position: { x: 0, y: 0 },
  featureId: null,
  reasons: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('board view storage (spec accounts §3 boardViewState)', () => {
  it('keeps one view per board and ignores junk', () => {
    const storage = new MemoryStorage();
    saveBoardView(7, { zoom: 1.5, offset: { x: -10, y: 20 } }, storage);
    saveBoardView(8, { zoom: 0.5, offset: { x: 0, y: 0 } }, storage);
    expect(loadBoardView(7, storage)).toEqual({ zoom: 1.5, offset: { x: -10, y: 20 } });
    expect(loadBoardView(9, storage)).toBeNull();
    storage.setItem('boardViewState', 'not json');
    expect(loadBoardView(7, storage)).toBeNull();
    storage.setItem('boardViewState', JSON.stringify({ 7: { zoom: -1, offset: { x: 0, y: 0 } } }));
    expect(loadBoardView(7, storage)).toBeNull();
  });
});

describe('auto-layout rules (spec §4)', () => {
  const base: LayoutDecisionInput = {
    cards: 3,
    sections: 1,
    baseline: null,
    applied: false,
    viewsOpen: false,
    disabled: false,
    running: false,
  };
  it('runs the first time a board has content', () => expect(decideAutoLayout(base)).toBe('run'));
  it('clears the flag of an empty board', () =>
    expect(decideAutoLayout({ ...base, cards: 0, sections: 0, applied: true })).toBe('clear'));
  it('skips in the bookmarks or collections view, when disabled, or while a run goes', () => {
    expect(decideAutoLayout({ ...base, viewsOpen: true })).toBe('skip');
    expect(decideAutoLayout({ ...base, disabled: true })).toBe('skip');
    expect(decideAutoLayout({ ...base, running: true })).toBe('skip');
  });
  it('takes cards added while disabled as placed: no run when it is switched back on', () => {
    const applied = { ...base, applied: true, baseline: { cards: 3, sections: 1 } };
    expect(decideAutoLayout({ ...applied, cards: 5, disabled: true })).toBe('record-baseline');
    // A board never laid out still gets its first layout once enabled.
    expect(decideAutoLayout({ ...base, disabled: true })).toBe('skip');
  });
  it('re-runs only when cards or sections grow', () => {
    const applied = { ...base, applied: true, baseline: { cards: 3, sections: 1 } };
    expect(decideAutoLayout(applied)).toBe('record-baseline');
    expect(decideAutoLayout({ ...applied, cards: 4 })).toBe('run');
    expect(decideAutoLayout({ ...applied, sections: 2 })).toBe('run');
    expect(decideAutoLayout({ ...applied, cards: 2 })).toBe('record-baseline');
    expect(decideAutoLayout({ ...applied, baseline: null })).toBe('record-baseline');
  });
  it('leaves growth heard from another screen to that screen: its layout arrives as a change', () => {
    const applied = { ...base, applied: true, baseline: { cards: 3, sections: 1 } };
    expect(decideAutoLayout({ ...applied, cards: 4, remoteGrowth: true })).toBe('record-baseline');
    expect(decideAutoLayout({ ...applied, sections: 2, remoteGrowth: true })).toBe('record-baseline');
    // A board this screen never laid out still gets its first layout.
    expect(decideAutoLayout({ ...base, remoteGrowth: true })).toBe('run');
  });
  it("uses up another screen's note only on the growth it explains: a delete rendered first leaves it", () => {
    // Two changes heard one after the other, a delete and then another screen's new card (which sets the note),
    // rendered one at a time as use-auto-layout does: the delete's render must not take the note.
    let baseline = { cards: 3, sections: 1 };
    let note = true;
    const render = (now: { cards: number; sections: number }) => {
      const remoteGrowth = grewPastBaseline(now, baseline) && note;
      if (remoteGrowth) note = false;
      const decision = decideAutoLayout({ ...base, applied: true, ...now, baseline, remoteGrowth });
      if (decision === 'record-baseline') baseline = now;
      return decision;
    };
    expect(render({ cards: 2, sections: 1 })).toBe('record-baseline');
    expect(render({ cards: 3, sections: 1 })).toBe('record-baseline');
    expect(note).toBe(false);
    expect(grewPastBaseline({ cards: 3, sections: 1 }, null)).toBe(false);
  });
});

describe('engine data', () => {
  it('maps wire cards to engine cards', () => {
    expect(toEngineCard(card(1, { isBookmarked: 1, sectionId: 4, orientation: 'vertical' }))).toMatchObject({
      id: 1,
      isBookmarked: true,
      sectionId: 4,
      orientation: 'vertical',
    });
  });
  it('patches changed cards and resets on added or removed ones', () => {
    const a = [card(1), card(2)];
    expect(diffCards(a, a)).toEqual([]);
    const moved = [a[0], { ...a[1], position: { x: 5, y: 6 }, isBookmarked: 1 as const }];
    expect(diffCards(a, moved)).toEqual([{ id: 2, position: { x: 5, y: 6 }, isBookmarked: true }]);
    expect(diffCards(a, [a[0]])).toBe('reset');
    expect(diffCards(a, [a[0], card(3)])).toBe('reset');
  });
});

describe('minimap geometry', () => {
  it('fits the board and maps both ways', () => {
    const items = [
      cardRect(card(1, { position: { x: 0, y: 0 } })),
      cardRect(card(2, { position: { x: 1000, y: 500 }, orientation: 'vertical' })),
    ];
    expect(items[1]).toEqual({ x: 1000, y: 500, width: 207.5, height: 430 });
    const bounds = worldBounds(items, null, 0);
    expect(bounds).toEqual({ x: 0, y: 0, width: 1207.5, height: 930 });
    const t = fitTransform(bounds, 220, 150);
    const p = toMinimap(t, { x: 600, y: 400 });
    const back = fromMinimap(t, p);
    expect(back.x).toBeCloseTo(600);
    expect(back.y).toBeCloseTo(400);
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(p.x).toBeLessThanOrEqual(220);
  });
  it('knows the viewport in world units and centres on a point', () => {
    const view = { zoom: 2, offset: { x: -200, y: -100 } };
    expect(viewportWorldRect(view, 800, 600)).toEqual({ x: 100, y: 50, width: 400, height: 300 });
    const centred = viewCenteredOn(view, { x: 1000, y: 1000 }, 800, 600);
    expect(1000 * centred.zoom + centred.offset.x).toBe(400);
    expect(1000 * centred.zoom + centred.offset.y).toBe(300);
  });
});

describe('move dialog rules (spec §5)', () => {
  const world = {
    currentBoardId: 1,
    cards: [
      { id: 10, sectionId: 3, boardId: 1 },
      { id: 11, sectionId: null, boardId: 1 },
    ],
    sectionIds: [3, 4],
    boardIds: [2],
  };
  const choices = (patch: Partial<MoveDialogChoices>): MoveDialogChoices => ({
    mode: 'section',
    cardId: 10,
    sectionId: null,
    boardId: null,
    ...patch,
  });
  it("names the first missing choice (a key of the board catalogue's moveDialog)", () => {
    expect(missingChoice(choices({ cardId: null }))).toBe('chooseCard');
    expect(missingChoice(choices({}))).toBe('chooseSection');
    expect(missingChoice(choices({ mode: 'board' }))).toBe('chooseBoard');
    expect(missingChoice(choices({ sectionId: 0 }))).toBeNull();
  });
  it('reports choices that no longer exist', () => {
    expect(planMove(choices({ cardId: 99, sectionId: 4 }), world)).toEqual({
      kind: 'invalid',
      message: 'cardNotFound',
    });
    expect(planMove(choices({ sectionId: 77 }), world)).toEqual({ kind: 'invalid', message: 'sectionNotFound' });
    expect(planMove(choices({ mode: 'board', boardId: 9 }), world)).toEqual({
      kind: 'invalid',
      message: 'boardNotFound',
    });
  });
  it("gives the 'already there' notice without a move", () => {
    expect(planMove(choices({ sectionId: 3 }), world)).toEqual({ kind: 'already', message: 'alreadyInSection' });
    expect(planMove(choices({ cardId: 11, sectionId: 0 }), world).kind).toBe('already');
    expect(planMove(choices({ mode: 'board', boardId: 1 }), { ...world, boardIds: [1, 2] })).toEqual({
      kind: 'already',
      message: 'alreadyOnBoard',
    });
  });
  it('plans the moves, 0 meaning no section', () => {
    expect(planMove(choices({ sectionId: 0 }), world)).toEqual({ kind: 'section', cardId: 10, sectionId: null });
    expect(planMove(choices({ sectionId: 4 }), world)).toEqual({ kind: 'section', cardId: 10, sectionId: 4 });
    expect(planMove(choices({ mode: 'board', boardId: 2 }), world)).toEqual({ kind: 'board', cardId: 10, boardId: 2 });
  });
});

describe('shortcuts (spec §2)', () => {
  const key = (k: string, patch: Partial<KeyLike> = {}): KeyLike => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    target: null,
    ...patch,
  });
  const input = { tagName: 'INPUT', type: 'text', isContentEditable: false } as unknown as EventTarget;
  const checkbox = { tagName: 'INPUT', type: 'checkbox', isContentEditable: false } as unknown as EventTarget;
  it('maps the spec keys', () => {
    expect(shortcutFor(key('r'))).toBe('resetView');
    expect(shortcutFor(key('b'))).toBe('toggleSidebar');
    expect(shortcutFor(key('0'))).toBe('zoomReset');
    expect(shortcutFor(key('+'))).toBe('zoomIn');
    expect(shortcutFor(key('='))).toBe('zoomIn');
    expect(shortcutFor(key('-'))).toBe('zoomOut');
    expect(shortcutFor(key('_'))).toBe('zoomOut');
    expect(shortcutFor(key('Escape'))).toBe('escape');
  });
  it('ignores keys typed in text fields, but not in checkboxes', () => {
    expect(shortcutFor(key('r', { target: input }))).toBeNull();
    expect(shortcutFor(key('r', { target: checkbox }))).toBe('resetView');
  });
  it('maps undo, redo and find', () => {
    expect(shortcutFor(key('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(key('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(key('y', { ctrlKey: true }))).toBe('redo');
    expect(shortcutFor(key('f', { ctrlKey: true, target: input }))).toBe('find');
    expect(shortcutFor(key('r', { ctrlKey: true }))).toBeNull();
  });
});

describe('broken image cache (spec §9)', () => {
  it('holds at most 100, evicting the oldest 30% when full', () => {
    const cache = new BrokenImageCache(() => 0);
    for (let i = 0; i < 100; i++) cache.add(`u${i}`);
    expect(cache.size).toBe(100);
    cache.add('new');
    expect(cache.size).toBe(71);
    expect(cache.has('u0')).toBe(false);
    expect(cache.has('u30')).toBe(true);
    expect(cache.has('new')).toBe(true);
  });
  it('forgets entries older than an hour', () => {
    let now = 0;
    const cache = new BrokenImageCache(() => now);
    cache.add('a');
    now = 60 * 60_000 + 1;
    expect(cache.has('a')).toBe(false);
  });
});
