/**
 * What pointer gestures do to the board: hit tests through the spatial index, the gesture state machine's
 * effects applied to the store and camera, and the engine events they emit (click, open, gallery, find similar,
 * drag with its drop-target section, section move / resize, rubber-band selection, context menu, hover).
 */
import { cardLayout, cardPartAt } from './model/card-layout';
import { cardRect } from '#shared/card-geometry';
import { screenToWorld, worldToScreen } from './model/camera';
import {
  IDLE,
  stepGesture,
  type GestureEffect,
  type GestureInput,
  type GestureState,
  type PointerHit,
} from './model/gestures';
import { dropSectionAt, sectionAt, topCardAt, type StackState } from './model/hit-test';
import { MIN_SECTION_SIZE, sectionRect } from './model/section-layout';
import { clampSectionResize } from './model/section-resize';
import type { BoardStore } from './model/board-store';
import type { LodLevel } from './model/lod';
import type { Emitter } from './emitter';
import type { BoardEngineEvents, CameraView, Point, Rect, Size } from './types';

export type InteractionHost = {
  store: BoardStore;
  events: Emitter<BoardEngineEvents>;
  view(): CameraView;
  lod(): LodLevel;
  panBy(dx: number, dy: number): void;
  commitCamera(): void;
  boardChanged(): void;
  requestFrame(): void;
};

/** Gestures that change the board (a drag of cards, a section move or resize), as opposed to looking around. */
function isEditing(gesture: GestureState): boolean {
  return gesture.name === 'dragging-cards' || gesture.name === 'moving-section' || gesture.name === 'resizing-section';
}

export class BoardInteractions {
  gesture: GestureState = IDLE;
  readonly selection = new Set<number>();
  readonly dragging = new Set<number>();
  hoveredId: number | null = null;
  /** Where the pointer rests over the canvas with no button down (null: away, or pressed since): see rehover. */
  private hoverPoint: Point | null = null;
  dropSectionId: number | null = null;
  rubberBand: Rect | null = null;
  dragEnabled = true;
  private readonly imageIndex = new Map<number, number>();
  private sectionCards: { sectionId: number; origin: Point; cards: { index: number; origin: Point }[] } | null = null;

  constructor(private readonly host: InteractionHost) {}

  get stack(): StackState {
    return { dragging: this.dragging, hoveredId: this.hoveredId };
  }

  imageIndexOf(cardId: number): number {
    const card = this.host.store.card(cardId);
    const i = this.imageIndex.get(cardId) ?? 0;
    return card && i < card.images.length ? i : 0;
  }

  hitTest(screen: Point): PointerHit {
    const { store } = this.host;
    const view = this.host.view();
    const world = screenToWorld(view, screen);
    const index = topCardAt(store, world, this.stack);
    if (index >= 0) {
      const card = store.cards[index];
      const full = this.host.lod() === 'full' || this.host.lod() === 'full-2x';
      const local = { x: world.x - card.position.x, y: world.y - card.position.y };
      return {
        kind: 'card',
        cardId: card.id,
        part: full ? cardPartAt(cardLayout(card.orientation, 'full'), local, card) : 'body',
      };
    }
    const section = sectionAt(store.sections, world, view.zoom);
    if (section) return { kind: 'section', sectionId: store.sections[section.index].id, part: section.part };
    return { kind: 'empty' };
  }

  input(input: GestureInput): void {
    const { store } = this.host;
    // A press ends resting: the pointer is where the gesture takes it, told again by its next move.
    if (input.type === 'down') this.hoverPoint = null;
    const step = stepGesture(this.gesture, input, {
      zoom: this.host.view().zoom,
      dragEnabled: this.dragEnabled,
      selection: this.selection,
      cardPosition: (id) => store.card(id)?.position ?? null,
      section: (id) => store.section(id) ?? null,
      screenToWorld: (p) => screenToWorld(this.host.view(), p),
      clampSectionSize: (sectionId, start, wanted) =>
        clampSectionResize(start, wanted, MIN_SECTION_SIZE, this.resizeObstacles(sectionId, start, wanted)),
    });
    const wasEditing = isEditing(this.gesture);
    this.gesture = step.state;
    for (const effect of step.effects) this.apply(effect);
    if (isEditing(step.state) !== wasEditing) this.host.events.emit('editingChange', { editing: !wasEditing });
  }

  /** The pointer moved over the canvas with no button down (null: it left). */
  hover(screen: Point | null): void {
    this.hoverPoint = screen;
    this.hoverAt(screen);
  }

  /**
   * What is under a still pointer changes when cards move under it (a re-layout, a query's cards falling in, another
   * screen's move) or the camera moves (a wheel or keyboard zoom): the hover follows, so the hover bar is never
   * another card's. True when the hovered card changed (and cardHover was sent).
   */
  rehover(): boolean {
    return this.gesture.name === 'idle' && this.hoverPoint !== null && this.hoverAt(this.hoverPoint);
  }

  private hoverAt(screen: Point | null): boolean {
    const hit = screen ? this.hitTest(screen) : null;
    const id = hit?.kind === 'card' ? hit.cardId : null;
    if (id === this.hoveredId) return false;
    this.hoveredId = id;
    this.emitHover();
    this.host.requestFrame();
    return true;
  }

  /** Re-sends the hovered card's rectangle (after the camera moved). */
  emitHover(): void {
    this.host.events.emit(
      'cardHover',
      this.hoveredId === null ? null : { cardId: this.hoveredId, rect: this.screenRect(this.hoveredId)! },
    );
  }

  contextMenu(screen: Point, client: Point): void {
    const hit = this.hitTest(screen);
    if (hit.kind === 'card') this.host.events.emit('cardContextMenu', { cardId: hit.cardId, screen, client });
    else if (hit.kind === 'section' && !this.host.store.section(hit.sectionId)?.locked) {
      this.host.events.emit('sectionContextMenu', { sectionId: hit.sectionId, screen, client });
    }
  }

  screenRect(cardId: number): Rect | null {
    const card = this.host.store.card(cardId);
    if (!card) return null;
    const r = cardRect(card);
    const view = this.host.view();
    const p = worldToScreen(view, r);
    return { x: p.x, y: p.y, width: r.width * view.zoom, height: r.height * view.zoom };
  }

  cursor(screen: Point, spaceHeld: boolean): string {
    const name = this.gesture.name;
    if (name === 'panning' || name === 'dragging-cards' || name === 'moving-section') return 'grabbing';
    if (name === 'resizing-section') return 'nwse-resize';
    if (spaceHeld) return 'grab';
    const hit = this.hitTest(screen);
    if (hit.kind === 'card') return hit.part === 'body' ? 'grab' : 'pointer';
    if (hit.kind === 'section')
      return hit.part === 'title'
        ? 'move'
        : hit.part === 'resize'
          ? 'nwse-resize'
          : hit.part === 'upgrade'
            ? 'pointer'
            : 'default';
    return 'default';
  }

  /** What a section resized toward `wanted` could run into: the other sections, and cards not its own. */
  private resizeObstacles(sectionId: number, start: Rect, wanted: Size): Rect[] {
    const { store } = this.host;
    const reach = {
      x: start.x,
      y: start.y,
      width: Math.max(start.width, wanted.width),
      height: Math.max(start.height, wanted.height),
    };
    const out: Rect[] = [];
    for (const s of store.sections) if (s.id !== sectionId) out.push(sectionRect(s));
    for (const index of store.spatialIndex.query(reach)) {
      const card = store.cards[index];
      if (card.sectionId !== sectionId) out.push(cardRect(card));
    }
    return out;
  }

  /** Forgets per-card state of cards no longer on the board. */
  retain(): void {
    const { store } = this.host;
    for (const id of [...this.selection]) if (store.cardIndex(id) < 0) this.selection.delete(id);
    for (const id of [...this.imageIndex.keys()]) if (store.cardIndex(id) < 0) this.imageIndex.delete(id);
    if (this.hoveredId !== null && store.cardIndex(this.hoveredId) < 0) this.hoveredId = null;
    if (this.gestureOutlivesBoardData()) return;
    this.input({ type: 'cancel' });
  }

  /**
   * Whether the gesture in progress stays through new board data. A press (a click or a Shift-click not yet a drag),
   * a pan and a rubber-band edit nothing, and the web does not hold data back for them: a streamed change, even the
   * echo of our own last batch, arriving between pointer down and up must not swallow the click. They end only when
   * the card or section pressed is gone. A gesture that edits the board ends with new data as before.
   */
  private gestureOutlivesBoardData(): boolean {
    const { store } = this.host;
    const gesture = this.gesture;
    switch (gesture.name) {
      case 'idle':
      case 'panning':
      case 'rubber-band':
        return true;
      case 'pressing':
        if (gesture.hit.kind === 'card') return store.cardIndex(gesture.hit.cardId) >= 0;
        if (gesture.hit.kind === 'section') return store.sectionIndex(gesture.hit.sectionId) >= 0;
        return true;
      default:
        return false;
    }
  }

  private apply(effect: GestureEffect): void {
    const { store, events } = this.host;
    switch (effect.type) {
      case 'pan':
        this.host.panBy(effect.dx, effect.dy);
        return;
      case 'panEnd':
        this.host.commitCamera();
        return;
      case 'tap':
        this.tap(effect.hit, effect.shift);
        return;
      case 'dragStart':
        for (const id of effect.cardIds) this.dragging.add(id);
        events.emit('dragStart', { cardIds: effect.cardIds });
        return;
      case 'dragMove':
      case 'dragCancel': {
        effect.cardIds.forEach((id, i) => store.moveCard(store.cardIndex(id), effect.positions[i]));
        this.dropSectionId =
          effect.type === 'dragMove' ? (dropSectionAt(store.sections, effect.positions[0])?.id ?? null) : null;
        if (effect.type === 'dragMove')
          events.emit('dragMove', {
            cardIds: effect.cardIds,
            position: effect.positions[0],
            dropSectionId: this.dropSectionId,
          });
        else this.endDrag();
        this.host.boardChanged();
        return;
      }
      case 'dragEnd': {
        effect.cardIds.forEach((id, i) => store.moveCard(store.cardIndex(id), effect.positions[i]));
        const target = dropSectionAt(store.sections, effect.positions[0]);
        // Spec: on release the position is saved; a card over a different section is reassigned to it.
        if (target)
          for (const id of effect.cardIds)
            if (store.card(id)?.sectionId !== target.id) store.setCardSection(store.cardIndex(id), target.id);
        this.endDrag();
        events.emit('dragEnd', {
          cardIds: effect.cardIds,
          position: effect.positions[0],
          sectionId: target?.id ?? null,
          moved: effect.positions,
        });
        this.host.boardChanged();
        return;
      }
      case 'sectionMove':
        this.moveSection(effect.sectionId, effect.position, effect.done);
        return;
      case 'sectionResize': {
        const index = store.sectionIndex(effect.sectionId);
        if (index >= 0) store.resizeSection(index, effect.size);
        if (effect.done) events.emit('sectionResize', { sectionId: effect.sectionId, size: effect.size });
        this.host.boardChanged();
        return;
      }
      case 'rubberBand':
        this.rubberBand = effect.done ? null : effect.rect;
        if (effect.done && effect.rect) {
          const cardIds = store.spatialIndex.query(effect.rect).map((i) => store.cards[i].id);
          this.selection.clear();
          for (const id of cardIds) this.selection.add(id);
          events.emit('selectRect', { cardIds });
        }
        this.host.requestFrame();
        return;
    }
  }

  private tap(hit: PointerHit, shift: boolean): void {
    const { store, events } = this.host;
    if (hit.kind === 'card') {
      const card = store.card(hit.cardId);
      if (!card) return;
      switch (hit.part) {
        case 'prev':
        case 'next': {
          const n = card.images.length;
          const next = (this.imageIndexOf(card.id) + (hit.part === 'next' ? 1 : -1) + n) % n;
          this.imageIndex.set(card.id, next);
          events.emit('galleryChange', { cardId: card.id, imageIndex: next });
          this.host.requestFrame();
          return;
        }
        case 'image':
          events.emit('cardOpen', { cardId: card.id, imageIndex: this.imageIndexOf(card.id) });
          return;
        case 'bookmark':
          events.emit('bookmarkMarker', { cardId: card.id });
          return;
        case 'gameLink':
          events.emit('gameLinkClick', { cardId: card.id, url: card.gameLink });
          return;
        case 'findSimilar':
          events.emit('findSimilar', { cardId: card.id });
          return;
        default:
          events.emit('cardClick', { cardId: card.id, shiftKey: shift });
          return;
      }
    }
    if (hit.kind === 'section' && hit.part === 'title') events.emit('sectionTitleClick', { sectionId: hit.sectionId });
    else if (hit.kind === 'section' && hit.part === 'upgrade')
      events.emit('lockedSectionUpgrade', { sectionId: hit.sectionId });
    else events.emit('backgroundClick', {});
  }

  private endDrag(): void {
    this.dragging.clear();
    this.dropSectionId = null;
  }

  private moveSection(sectionId: number, position: Point, done: boolean): void {
    const { store } = this.host;
    const index = store.sectionIndex(sectionId);
    if (index < 0) return;
    if (!this.sectionCards || this.sectionCards.sectionId !== sectionId) {
      // The section's cards travel with it.
      const cards = store.cards.flatMap((c, i) =>
        c.sectionId === sectionId ? [{ index: i, origin: { ...c.position } }] : [],
      );
      this.sectionCards = { sectionId, origin: { ...store.sections[index].position }, cards };
    }
    const dx = position.x - this.sectionCards.origin.x;
    const dy = position.y - this.sectionCards.origin.y;
    store.moveSection(index, position);
    for (const c of this.sectionCards.cards) store.moveCard(c.index, { x: c.origin.x + dx, y: c.origin.y + dy });
    if (done) {
      const cards = this.sectionCards.cards;
      this.sectionCards = null;
      this.host.events.emit('sectionMove', {
        sectionId,
        position,
        cardIds: cards.map((c) => store.cards[c.index].id),
        moved: cards.map((c) => ({ ...store.cards[c.index].position })),
      });
    }
    this.host.boardChanged();
  }
}
