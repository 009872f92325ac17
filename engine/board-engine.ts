/**
 * The board engine's public API and its wiring: the board store, camera, interactions, animations and scene,
 * connected to the renderer (renderer-host.ts), the frame loop (frame-loop.ts) and one frame's work
 * (board-frame.ts). Frames are drawn only when something changed.
 */
import type { Renderer } from 'pixi.js';
import { WHEEL_COMMIT_DELAY_MS } from '#shared/constants';
import { canvas as ENGLISH_CANVAS_TEXTS } from '#shared/messages/catalogues/en/canvas';
import { BoardFrame } from './board-frame';
import { CameraController } from './camera-controller';
import { colorNumber } from './model/flash';
import { CardAnimations } from './card-animations';
import { DrawResolution } from './draw-resolution';
import { Emitter } from './emitter';
import { EngineCounters } from './engine-stats';
import { FrameLoop } from './frame-loop';
import { PointerInput } from './input/pointer-input';
import { BoardInteractions } from './interactions';
import {
  centerOn,
  DEFAULT_VIEW,
  fitRect,
  normalizeView,
  panBy,
  screenToWorld,
  wheelZoom,
  worldToScreen,
} from './model/camera';
import { movesSince, positionsBefore } from './model/glide-moves';
import { cardRects, focusableCards, moveFocus, readingOrder } from './model/card-focus';
import { expandRect, rectContainsRect, rectCenter } from './model/rect';
import { VisibleRegion } from './model/visible-region';
import { isSoftwareRenderer } from './model/software-renderer';
import { BoardStore } from './model/board-store';
import { EMPTY_SCENE_STATS, EngineScene } from './render/engine-scene';
import { detectLowSpec, preferShortBatches } from './render/create-renderer';
import { renderRegionTiles } from './render/region-tiles';
import type { SceneState } from './render/scene-state';
import { RendererHost } from './renderer-host';
import { reducedMotionPreference } from './motion-preference';
import type {
  BoardData,
  BoardEngine,
  CardFocusAction,
  CardFocusMove,
  CanvasTexts,
  BoardEngineEventName,
  BoardEngineEvents,
  BoardEngineOptions,
  CameraView,
  CardInspection,
  CardPatch,
  SectionInspection,
  EngineCard,
  FlashInspection,
  EngineStats,
  Point,
  Rect,
  RegionRenderRequest,
  Size,
} from './types';

const DEFAULT_BACKGROUND = 0xf4f5f7;
/** A focused card closer than this to the canvas's edge (screen pixels) is brought into view. */
const FOCUS_MARGIN_PX = 24;

export class LootBoardEngine implements BoardEngine {
  readonly ready: Promise<void>;
  private readonly events = new Emitter<BoardEngineEvents>();
  private readonly store = new BoardStore();
  private readonly interactions: BoardInteractions;
  private readonly animations: CardAnimations;
  private readonly region = new VisibleRegion();
  private readonly camera: CameraController;
  private readonly rendererHost: RendererHost;
  private readonly loop: FrameLoop;
  private readonly frame: BoardFrame;
  private readonly drawResolution = new DrawResolution();
  private readonly counters = new EngineCounters();
  private readonly background: number;
  private scene: EngineScene | null = null;
  private input: PointerInput | null = null;
  private lowSpec: boolean;
  private lowSpecAutomatic: boolean;
  private destroyed = false;
  /** The canvas's own words; one object the scene's painters share, so setTexts changes them in place. */
  private readonly texts: CanvasTexts;
  /** While renderRegion() draws export tiles with the scene, the on-screen frame loop stands still. */
  private exporting = false;
  /** The card with keyboard focus (null: none). */
  private focused: number | null = null;
  /** The focus order and card rectangles, worked out again only when the board's data changed (its revision). */
  private focusOrder: { revision: number; order: number[]; rects: Map<number, Rect> } | null = null;

  constructor(
    private readonly host: HTMLElement,
    private readonly options: BoardEngineOptions = {},
  ) {
    this.camera = new CameraController(options.initialView, {
      changed: () => {
        this.frame.announceView();
        this.requestFrame();
      },
      committed: (view) => this.events.emit('cameraChange', view),
    });
    this.background = options.background ?? DEFAULT_BACKGROUND;
    this.texts = { ...(options.texts ?? ENGLISH_CANVAS_TEXTS) };
    this.lowSpecAutomatic = options.lowSpec === undefined;
    // Detected in init(): the probe is a synchronous WebGL context creation (~180 ms on software WebGL).
    this.lowSpec = options.lowSpec ?? false;
    this.interactions = new BoardInteractions({
      store: this.store,
      events: this.events,
      view: () => this.camera.view,
      lod: () => this.frame.lod,
      panBy: (dx, dy) => this.camera.set(panBy(this.camera.view, dx, dy)),
      commitCamera: () => this.camera.commit(0),
      boardChanged: () => this.markBoardDirty(),
      requestFrame: () => this.requestFrame(),
    });
    // Cards appear in place instead of falling, rippling or gliding: on a low-spec machine, and for anyone whose
    // system asks for less motion (WCAG 2.3.3, animation from interactions).
    const motionReduced = reducedMotionPreference();
    this.animations = new CardAnimations({
      store: this.store,
      viewport: () => this.camera.viewport(),
      sceneIndices: () => this.scene?.visibleIndices ?? [],
      reducedMotion: () => this.lowSpec || motionReduced(),
      landed: (cardId) => this.events.emit('cardLanded', { cardId }),
      requestFrame: () => this.requestFrame(),
    });
    this.rendererHost = new RendererHost(host, {
      contextLost: () => {
        this.counters.contextLosses++;
        this.loop.cancel();
      },
      // Baked card textures were drawn on the GPU and are gone: every card is baked again, showing its placeholder
      // meanwhile.
      contextRestored: () => {
        this.scene?.contextRestored();
        this.drawResolution.invalidate();
        this.requestFrame();
      },
      resized: (size) => this.resize(size),
    });
    this.frame = new BoardFrame({
      camera: this.camera,
      store: this.store,
      region: this.region,
      interactions: this.interactions,
      animations: this.animations,
      events: this.events,
      drawResolution: this.drawResolution,
      counters: this.counters,
      resolution: () => this.resolution(),
      lowSpec: () => this.lowSpec,
    });
    this.loop = new FrameLoop(
      () => this.drawFrame(),
      () => !this.destroyed && !this.rendererHost.contextLost && this.rendererHost.renderer !== null,
    );
    this.ready = this.init();
  }

  private async init(): Promise<void> {
    // Start after the current task: the page mounting the engine (React effects) gets to send its data requests
    // before the WebGL set-up below blocks the main thread.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.destroyed) return;
    if (this.lowSpecAutomatic) this.lowSpec = detectLowSpec();
    this.camera.size = this.rendererHost.hostSize();
    const renderer = await this.rendererHost.start(this.camera.size, {
      resolution: this.resolution(),
      background: this.background,
      preference: this.options.renderer ?? 'webgl',
    });
    if (!renderer) return;
    if (isSoftwareRenderer(this.rendererHost.label)) {
      this.drawResolution.startSlow();
      preferShortBatches(renderer);
    }
    this.scene = new EngineScene(renderer, this.store, {
      origin: this.options.origin ?? location.origin,
      lowSpec: this.lowSpec,
      background: this.background,
      state: this.sceneState(),
      requestFrame: () => this.requestFrame(),
      texts: this.texts,
    });
    // Board data given before the renderer was up.
    this.scene.setSections();
    this.frame.markBoardDirty();
    this.input = new PointerInput(renderer.canvas as HTMLCanvasElement, {
      hitTest: (p) => this.interactions.hitTest(p),
      gesture: (input) => {
        this.interactions.input(input);
        this.requestFrame();
      },
      hover: (p) => this.interactions.hover(p),
      zoomAt: (factor, anchor, fromWheel) => {
        this.camera.set(wheelZoom(this.camera.view, factor, anchor));
        if (fromWheel) this.camera.commit(WHEEL_COMMIT_DELAY_MS);
      },
      panBy: (dx, dy, fromWheel) => {
        this.camera.set(panBy(this.camera.view, dx, dy));
        if (fromWheel) this.camera.commit(WHEEL_COMMIT_DELAY_MS);
      },
      contextMenu: (screen, client) => this.interactions.contextMenu(screen, client),
      cursor: (p, space) => this.interactions.cursor(p, space),
      gestureName: () => this.interactions.gesture.name,
    });
    this.rendererHost.observeResize();
    if (this.lowSpecAutomatic) this.events.emit('lowSpecChange', { lowSpec: this.lowSpec, automatic: true });
    this.requestFrame();
  }

  /** What the scene reads each frame from the interactions and animations (render/scene-state.ts). */
  private sceneState(): SceneState {
    const { interactions, animations } = this;
    return {
      pose: (cardId, now) => animations.pose(cardId, now),
      stack: () => interactions.stack,
      imageIndexOf: (cardId) => interactions.imageIndexOf(cardId),
      dropSectionId: () => interactions.dropSectionId,
      rubberBand: () => interactions.rubberBand,
      selection: () => interactions.selection,
      highlighted: () => animations.highlights.ids(),
      focused: () => this.focused,
      flashes: (now) =>
        animations.flashes
          .active(now)
          .map((f) => ({ cardId: f.cardId, color: colorNumber(f.color), label: f.label, labelled: f.labelled })),
    };
  }

  // ——— board data ———

  setBoard(data: BoardData, options: { animate?: boolean } = {}): void {
    this.frame.boardSet(performance.now());
    const before = options.animate ? positionsBefore(this.store, data.cards, this.interactions.dragging) : null;
    this.scene?.releaseCards();
    this.store.setBoard(data);
    if (before) this.animations.glide(movesSince(this.store, before), performance.now());
    this.scene?.forgetMissingCards();
    this.scene?.setSections();
    this.interactions.retain();
    this.interactions.rehover();
    // The focused card left the board (deleted, or the board changed): focus leaves the cards.
    if (this.focused !== null && !this.isFocusable(this.focused)) this.focusCard(null);
    this.markBoardDirty();
    this.emitContentChange();
  }

  updateCards(patches: CardPatch[]): void {
    const before = positionsBefore(
      this.store,
      patches.filter((p) => p.position),
      this.interactions.dragging,
    );
    if (this.store.updateCards(patches).length) this.markBoardDirty();
    this.animations.glide(movesSince(this.store, before), performance.now());
    this.interactions.rehover();
  }

  appendCards(cards: EngineCard[]): void {
    if (cards.length === 0) return;
    this.store.appendCards(cards);
    this.interactions.rehover();
    this.markBoardDirty();
    this.emitContentChange();
  }

  private emitContentChange(): void {
    this.events.emit('contentChange', { cards: this.store.cards.length, sections: this.store.sections.length });
  }

  dropInCards(cardIds: number[]): void {
    this.animations.dropIn(cardIds, performance.now());
  }

  // ——— camera ———

  getView(): CameraView {
    return this.camera.snapshot();
  }

  setView(view: CameraView): void {
    this.changeView(normalizeView(view));
  }

  zoomBy(factor: number, anchor?: Point): void {
    this.changeView(wheelZoom(this.camera.view, factor, anchor ?? this.center()));
  }

  resetView(): void {
    this.changeView(DEFAULT_VIEW);
  }

  centerOn(point: Point, zoom?: number): void {
    this.changeView(centerOn(point, zoom ?? this.camera.view.zoom, this.camera.size));
  }

  zoomToFit(cardIds?: number[]): void {
    // The whole board is what the user can see: its cards and open sections, not locked placeholders.
    const bounds = cardIds ? this.store.bounds(cardIds) : this.getBoardBounds({ lockedSections: false });
    if (bounds.width > 0 || bounds.height > 0) this.changeView(fitRect(bounds, this.camera.size));
  }

  worldToScreen(point: Point): Point {
    return worldToScreen(this.camera.view, point);
  }

  screenToWorld(point: Point): Point {
    return screenToWorld(this.camera.view, point);
  }

  getBoardBounds(options: { lockedSections?: boolean } = {}): Rect {
    return this.store.bounds(undefined, options);
  }

  cardScreenRect(cardId: number): Rect | null {
    return this.interactions.screenRect(cardId);
  }

  cardBounds(cardIds: number[]): Rect {
    return cardIds.length === 0 ? { x: 0, y: 0, width: 0, height: 0 } : this.store.bounds(cardIds);
  }

  async renderRegion(request: RegionRenderRequest): Promise<void> {
    await this.ready;
    const { renderer } = this.rendererHost;
    const scene = this.scene;
    if (!renderer || !scene) throw new Error('BoardEngine.renderRegion: the renderer is not available');
    if (this.exporting) throw new Error('BoardEngine.renderRegion: another region is being rendered');
    this.exporting = true;
    const selection = [...this.interactions.selection];
    this.interactions.selection.clear();
    try {
      await renderRegionTiles(renderer, scene, this.background, request);
    } finally {
      for (const id of selection) this.interactions.selection.add(id);
      this.exporting = false;
      this.region.invalidate();
      this.drawResolution.invalidate();
      this.markBoardDirty();
    }
  }

  passThrough(element: HTMLElement): () => void {
    let dispose: (() => void) | null = null;
    let released = false;
    void this.ready.then(() => {
      if (!released && this.input) dispose = this.input.passThrough(element);
    });
    return () => {
      released = true;
      dispose?.();
    };
  }

  // ——— state from the web ———

  highlight(cardId: number, ms: number): void {
    this.animations.highlight(cardId, ms, performance.now());
  }

  flashCards(cardIds: number[], style: { color: string; label: string }): void {
    this.animations.flash(cardIds, style, performance.now());
  }

  inspectFlashes(): FlashInspection[] {
    return this.animations.flashes
      .active(performance.now())
      .map(({ cardId, color, label }) => ({ cardId, color, label }));
  }

  draggingCardIds(): number[] {
    return [...this.interactions.dragging];
  }

  cancelDrag(): void {
    if (this.interactions.gesture.name === 'dragging-cards') this.interactions.input({ type: 'cancel' });
  }

  setSelection(cardIds: number[]): void {
    this.interactions.selection.clear();
    for (const id of cardIds) this.interactions.selection.add(id);
    this.requestFrame();
  }

  // ——— keyboard focus ———

  focusCard(cardId: number | null): boolean {
    if (cardId !== null && !this.isFocusable(cardId)) return false;
    const changed = cardId !== this.focused;
    this.focused = cardId;
    const canvas = this.rendererHost.renderer?.canvas as HTMLCanvasElement | undefined;
    if (canvas) {
      if (cardId === null) delete canvas.dataset.focusedCard;
      else canvas.dataset.focusedCard = String(cardId);
    }
    if (cardId !== null) this.revealCard(cardId);
    if (changed) {
      const { order } = this.currentFocusOrder();
      this.events.emit('cardFocus', {
        cardId,
        index: cardId === null ? 0 : order.indexOf(cardId) + 1,
        count: order.length,
      });
    }
    this.requestFrame();
    return true;
  }

  moveFocus(move: CardFocusMove): number | null {
    const { order, rects } = this.currentFocusOrder();
    const next = moveFocus(order, rects, this.focused, move, this.camera.viewport());
    if (next !== null) this.focusCard(next);
    return next;
  }

  focusedCardId(): number | null {
    return this.focused;
  }

  activateFocused(action: CardFocusAction): void {
    const cardId = this.focused;
    if (cardId === null) return;
    if (action === 'open') {
      this.events.emit('cardOpen', { cardId, imageIndex: this.interactions.imageIndexOf(cardId) });
      return;
    }
    if (action === 'select') {
      this.events.emit('cardClick', { cardId, shiftKey: true });
      return;
    }
    // The menu opens where the card is, like a right-click on it (its middle, kept on the canvas).
    const rect = this.interactions.screenRect(cardId)!;
    const { width, height } = this.camera.size;
    const screen = {
      x: Math.min(Math.max(rect.x + rect.width / 2, 0), width),
      y: Math.min(Math.max(rect.y + rect.height / 2, 0), height),
    };
    const box = (this.rendererHost.renderer?.canvas as HTMLCanvasElement | undefined)?.getBoundingClientRect();
    this.events.emit('cardContextMenu', {
      cardId,
      screen,
      client: { x: screen.x + (box?.left ?? 0), y: screen.y + (box?.top ?? 0) },
    });
  }

  private currentFocusOrder(): { order: number[]; rects: Map<number, Rect> } {
    if (this.focusOrder?.revision !== this.store.revision) {
      const { cards, sections } = this.store;
      this.focusOrder = {
        revision: this.store.revision,
        order: readingOrder(cards, sections),
        rects: cardRects(focusableCards(cards, sections)),
      };
    }
    return this.focusOrder;
  }

  private isFocusable(cardId: number): boolean {
    const card = this.store.card(cardId);
    if (!card) return false;
    return card.sectionId === null || !this.store.section(card.sectionId)?.locked;
  }

  /** The camera follows keyboard focus: a card not wholly on screen is centred, at the same zoom. */
  private revealCard(cardId: number): void {
    const rect = this.store.bounds([cardId]);
    const { zoom } = this.camera.view;
    const margin = FOCUS_MARGIN_PX / zoom;
    if (!rectContainsRect(expandRect(this.camera.viewport(), -margin), rect)) this.centerOn(rectCenter(rect));
  }

  setDragEnabled(enabled: boolean): void {
    this.interactions.dragEnabled = enabled;
  }

  setTexts(texts: CanvasTexts): void {
    if ((Object.keys(texts) as (keyof CanvasTexts)[]).every((k) => this.texts[k] === texts[k])) return;
    Object.assign(this.texts, texts);
    this.scene?.retext();
    this.requestFrame();
  }

  setLowSpec(lowSpec: boolean): void {
    this.lowSpecAutomatic = false;
    if (lowSpec === this.lowSpec) return;
    this.lowSpec = lowSpec;
    this.drawResolution.invalidate();
    this.scene?.setLowSpec(lowSpec);
    this.events.emit('lowSpecChange', { lowSpec, automatic: false });
    this.markBoardDirty();
  }

  isLowSpec(): boolean {
    return this.lowSpec;
  }

  on<E extends BoardEngineEventName>(event: E, fn: (payload: BoardEngineEvents[E]) => void): () => void {
    return this.events.on(event, fn);
  }

  // ——— stats and test hooks ———

  getStats(): EngineStats {
    return this.counters.report({
      renderer: this.rendererHost.label,
      lowSpec: this.lowSpec,
      resolution: this.resolution(),
      zoom: this.camera.view.zoom,
      lod: this.frame.lod,
      cardsInViewport: this.store.spatialIndex.query(this.camera.viewport()).length,
      totalCards: this.store.cards.length,
      ...(this.scene?.stats() ?? EMPTY_SCENE_STATS),
    });
  }

  resetStats(): void {
    this.counters.resetSamples();
  }

  inspectCard(cardId: number): CardInspection | null {
    const rect = this.cardScreenRect(cardId);
    if (!rect || !this.scene) return null;
    return {
      ...this.scene.inspect(cardId),
      imageIndex: this.interactions.imageIndexOf(cardId),
      screenRect: rect,
      sectionId: this.store.card(cardId)?.sectionId ?? null,
    };
  }

  inspectSection(sectionId: number): SectionInspection | null {
    const section = this.store.section(sectionId);
    if (!section) return null;
    const view = this.camera.view;
    const at = worldToScreen(view, section.position);
    return {
      title: section.title,
      color: section.color,
      locked: section.locked === true,
      screenRect: { x: at.x, y: at.y, width: section.size.width * view.zoom, height: section.size.height * view.zoom },
    };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.loop.stop();
    this.camera.destroy();
    this.animations.clear();
    this.input?.destroy();
    this.scene?.destroy();
    this.events.clear();
    this.rendererHost.destroy();
  }

  // ——— internals ———

  private resolution(): number {
    return this.lowSpec ? 1 : Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  }

  private center(): Point {
    return { x: this.camera.size.width / 2, y: this.camera.size.height / 2 };
  }

  private changeView(next: CameraView): void {
    this.camera.set(next);
  }

  private markBoardDirty(): void {
    this.frame.markBoardDirty();
    this.requestFrame();
  }

  private resize(size: Size): void {
    if (size.width === this.camera.size.width && size.height === this.camera.size.height) return;
    this.camera.size = size;
    this.drawResolution.invalidate();
    this.region.invalidate();
    this.requestFrame();
  }

  requestFrame(): void {
    this.loop.request();
  }

  private drawFrame(): boolean {
    const renderer: Renderer | null = this.rendererHost.renderer;
    if (!renderer || !this.scene || this.exporting) return false;
    return this.frame.draw(renderer, this.scene);
  }
}
