import type {
  BoardEngine,
  BoardEngineEventName,
  BoardEngineEvents,
  CameraView,
  CardFocusAction,
  CardFocusMove,
  Point,
  RegionRenderRequest,
  Rect,
} from '#engine/types';
import { revealRect, zoomToAround } from '#engine/model/camera';
import { LAYOUT_START_Y, ZOOM_DEFAULT } from '#shared/constants';
import { frameView, RESET_VIEW, stepZoom, type ZoomRange } from '../../logic/camera-math';
import { useAppStore } from '../../stores/app.store';
import { topClearance } from './chrome-clearance';

/** Screen pixels kept clear around a card the camera brings into view. */
const REVEAL_MARGIN_PX = 24;

/**
 * The one door from the web to the mounted board engine. BoardCanvas creates the engine, feeds it the board's data
 * and makes this controller from it; every other part of the web (toolbar, minimap, find, menus, flows, export)
 * reaches the board through these few calls, named for what they do, and never holds the engine itself. What the
 * engine does on its own is heard through `on` (its view events).
 */
export class BoardController {
  readonly #engine: BoardEngine;

  constructor(engine: BoardEngine) {
    this.#engine = engine;
  }

  /** Resolves once the renderer is up (calls made before are queued and applied). */
  get ready(): Promise<void> {
    return this.#engine.ready;
  }

  /** Hears one of the engine's events; returns the function that stops listening. */
  on<E extends BoardEngineEventName>(event: E, fn: (payload: BoardEngineEvents[E]) => void): () => void {
    return this.#engine.on(event, fn);
  }

  // The camera.

  /** The camera now. */
  view(): CameraView {
    return this.#engine.getView();
  }

  /** Puts the camera at `view`. */
  moveTo(view: CameraView): void {
    this.#engine.setView(view);
  }

  /** Centres the camera on a board point, at `zoom` when given. */
  centerOn(point: Point, zoom?: number): void {
    this.#engine.centerOn(point, zoom);
  }

  /** Shows a board rectangle in the canvas, clear of the floating chrome above it (logic/camera-math.ts frameView). */
  frame(rect: Rect): void {
    const canvas = canvasSize();
    if (canvas) this.#engine.setView(frameView(rect, canvas, topClearance()));
  }

  /** Fits the camera to the given cards (the whole board when none are given). */
  fit(cardIds?: readonly number[]): void {
    this.#engine.zoomToFit(cardIds ? [...cardIds] : undefined);
  }

  /**
   * Pans just enough to bring the cards into view below the floating chrome, at the same zoom; leaves the camera
   * alone when they are in view already.
   */
  reveal(cardIds: readonly number[]): void {
    const rect = this.#engine.cardBounds([...cardIds]);
    const canvas = canvasSize();
    if (rect.width <= 0 || !canvas) return;
    const view = this.#engine.getView();
    const next = revealRect(view, rect, canvas, {
      top: topClearance(),
      right: REVEAL_MARGIN_PX,
      bottom: REVEAL_MARGIN_PX,
      left: REVEAL_MARGIN_PX,
    });
    if (next !== view) this.#engine.setView(next);
  }

  /** One 0.1 zoom step, anchored on the canvas centre, within the caller's range (toolbar or shortcuts). */
  zoomStep(direction: 1 | -1, range: ZoomRange): void {
    const view = this.#engine.getView();
    this.#engine.setView(zoomToAround(view, stepZoom(view.zoom, direction, range), canvasCentre()));
  }

  /** '0': zoom 1, keeping the centre where it is. */
  resetZoom(): void {
    this.#engine.setView(zoomToAround(this.#engine.getView(), ZOOM_DEFAULT, canvasCentre()));
  }

  /**
   * 'r' and Reset View: zoom 1 at the board's origin (spec), lowered so the first row starts below the floating
   * toolbar and search bar instead of under them.
   */
  resetView(): void {
    this.#engine.setView({ ...RESET_VIEW, offset: { x: 0, y: topClearance() - LAYOUT_START_Y } });
  }

  // Where things are.

  /** The canvas-local screen point of a board point. */
  toScreen(point: Point): Point {
    return this.#engine.worldToScreen(point);
  }

  /** The board point under a canvas-local screen point. */
  toBoard(point: Point): Point {
    return this.#engine.screenToWorld(point);
  }

  /** Board bounds of the given cards (an empty rect when none is on the board). */
  cardBounds(cardIds: readonly number[]): Rect {
    return this.#engine.cardBounds([...cardIds]);
  }

  /** Board bounds of everything on it; `lockedSections: false` leaves a free plan's locked placeholders out. */
  boardBounds(options?: { lockedSections?: boolean }): Rect {
    return this.#engine.getBoardBounds(options);
  }

  /** Whether the engine holds every one of the cards (the canvas has handed them in). */
  holds(cardIds: readonly number[]): boolean {
    return cardIds.every((id) => this.#engine.cardScreenRect(id) !== null);
  }

  /**
   * Resolves true once the engine holds every one of the cards, or false after `timeoutMs` (the board was left).
   * When it resolves, every effect of the render that handed the cards in has run.
   */
  whenHolds(cardIds: readonly number[], timeoutMs: number): Promise<boolean> {
    return this.#when(() => this.holds(cardIds), timeoutMs);
  }

  /**
   * Resolves true once the engine holds the card where the board store has it (`at`, in board coordinates): a
   * moved card is in the store first and reaches the engine on the canvas's next render.
   */
  whenHoldsAt(cardId: number, at: Rect, timeoutMs: number): Promise<boolean> {
    return this.#when(() => {
      if (!this.holds([cardId])) return false;
      const b = this.#engine.cardBounds([cardId]);
      return b.x === at.x && b.y === at.y;
    }, timeoutMs);
  }

  // What the board shows.

  /** New cards fall in with the stagger and ripple of a query's results, then stay highlighted a while. */
  dropIn(cardIds: readonly number[]): void {
    this.#engine.dropInCards([...cardIds]);
  }

  /** Highlights a card for `ms`. */
  highlight(cardId: number, ms: number): void {
    this.#engine.highlight(cardId, ms);
  }

  /** Someone else changed these cards: they flash in the person's color, with their name over the first. */
  flash(cardIds: readonly number[], style: { color: string; label: string }): void {
    this.#engine.flashCards([...cardIds], style);
  }

  /** Cards glide back to these places (a drop the server did not save): the board store already has them there. */
  putBack(cards: readonly { id: number; position: Point }[]): void {
    this.#engine.updateCards(cards.map((c) => ({ id: c.id, position: c.position })));
  }

  /** The cards being dragged now (empty when no drag is on). */
  draggingCardIds(): number[] {
    return this.#engine.draggingCardIds();
  }

  /** Ends a drag now, the cards back where it started, saving nothing. */
  cancelDrag(): void {
    this.#engine.cancelDrag();
  }

  // Keyboard focus on the cards.

  /** Puts keyboard focus on a card (null: off the cards); false when the card cannot take it. */
  focusCard(cardId: number | null): boolean {
    return this.#engine.focusCard(cardId);
  }

  /** Moves keyboard focus; the card then focused, null when none can be. */
  moveFocus(move: CardFocusMove): number | null {
    return this.#engine.moveFocus(move);
  }

  /** The card the keyboard focus is on, null when none is. */
  focusedCard(): number | null {
    return this.#engine.focusedCardId();
  }

  /** Acts on the focused card as the pointer would. */
  activateFocused(action: CardFocusAction): void {
    this.#engine.activateFocused(action);
  }

  /** Lets the board's wheel zoom and Space-drag through DOM chrome over the canvas; returns the function that stops it. */
  passThrough(element: HTMLElement): () => void {
    return this.#engine.passThrough(element);
  }

  // Low-spec mode and export.

  /** Whether the board draws in low-spec mode now. */
  lowSpec(): boolean {
    return this.#engine.isLowSpec();
  }

  /** Switches low-spec mode on or off. */
  setLowSpec(lowSpec: boolean): void {
    this.#engine.setLowSpec(lowSpec);
  }

  /** Draws a board rectangle offscreen in tiles for an export, each tile's pixels to `onTile`. */
  exportRegion(request: RegionRenderRequest): Promise<void> {
    return this.#engine.renderRegion(request);
  }

  /**
   * Resolves true once `holds()` is true, checked now and again each time the engine says its content changed
   * (`contentChange`: the canvas handed it the board store's cards on a render), or false after `timeoutMs`. The
   * clock only bounds the wait; the answer comes from the event.
   */
  #when(holds: () => boolean, timeoutMs: number): Promise<boolean> {
    if (holds()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const done = (held: boolean) => {
        off();
        window.clearTimeout(timer);
        resolve(held);
      };
      const off = this.#engine.on('contentChange', () => {
        if (holds()) done(true);
      });
      const timer = window.setTimeout(() => done(false), timeoutMs);
    });
  }
}

/** The canvas size from the store, or null before it has one. */
function canvasSize(): { width: number; height: number } | null {
  const { width, height } = useAppStore.getState().canvasSize;
  return width > 0 && height > 0 ? { width, height } : null;
}

function canvasCentre(): Point {
  const { width, height } = useAppStore.getState().canvasSize;
  return { x: width / 2, y: height / 2 };
}
