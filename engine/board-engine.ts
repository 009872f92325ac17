/**
 * The board engine: owns the canvas, the camera, the frame loop and the subsystems (board store, card views and
 * bakes, sections, overlays, images, interactions, animations). Frames are drawn only when something changed.
 * Each frame: camera transform → visible set (only when the viewport leaves its margin or the level of detail
 * changes) → animation poses → bakes within budget → render.
 */
import type { Renderer } from 'pixi.js';
import { WHEEL_COMMIT_DELAY_MS } from '../shared/constants';
import { Camera } from './camera';
import { CardAnimations } from './card-animations';
import { Emitter } from './emitter';
import { FrameSamples } from './frame-samples';
import { PointerInput } from './input/pointer-input';
import { BoardInteractions } from './interactions';
import { centerOn, DEFAULT_VIEW, fitRect, normaliseView, panBy, screenToWorld, viewsEqual, worldToScreen, zoomAround } from './model/camera';
import { selectLod, type LodLevel } from './model/lod';
import { VisibleRegion } from './model/visible-region';
import { MotionResolution } from './model/motion-resolution';
import { isSoftwareRenderer } from './model/software-renderer';
import { BoardStore } from './model/board-store';
import { cardRect } from './model/card-geometry';
import { EMPTY_SCENE_STATS, EngineScene } from './render/engine-scene';
import { createRenderer, detectLowSpec, rendererName } from './render/create-renderer';
import { renderRegionTiles, type RegionRenderRequest } from './render/region-tiles';
import type { BoardData, BoardEngine, BoardEngineEventName, BoardEngineEvents, BoardEngineOptions, CameraView, CardInspection, CardPatch, EngineCard, EngineStats, Point, Rect } from './types';

const DEFAULT_BACKGROUND = 0xf4f5f7;

export class LootBoardEngine implements BoardEngine {
  readonly ready: Promise<void>;
  private readonly events = new Emitter<BoardEngineEvents>();
  private readonly store = new BoardStore();
  private readonly interactions: BoardInteractions;
  private readonly animations: CardAnimations;
  private readonly region = new VisibleRegion();
  private readonly host: HTMLElement;
  private readonly background: number;
  private renderer: Renderer | null = null;
  private scene: EngineScene | null = null;
  private input: PointerInput | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private readonly camera: Camera;
  private lastEmittedView: CameraView | null = null;
  private lowSpec: boolean;
  private lowSpecAutomatic: boolean;
  private lod: LodLevel = 'full';
  private rafId = 0;
  private boardDirty = true;
  private destroyed = false;
  /** Between webglcontextlost and webglcontextrestored: nothing can be drawn, so no frames are asked for. */
  private contextLost = false;
  private contextLosses = 0;
  private frames = 0;
  private readonly motion = new MotionResolution();
  private drawnResolution = 0;
  /** Read once: getParameter is a synchronous round trip to the GPU process. */
  private rendererLabel = 'not started';
  private lastFrameStart = 0;
  private readonly samples = new FrameSamples();
  /** While renderRegion() draws export tiles with the scene, the on-screen frame loop stands still. */
  private exporting = false;
  /** When setBoard() was last called, until its first full frame is reported (boardDrawn). */
  private boardSetAt: number | null = null;

  constructor(host: HTMLElement, private readonly options: BoardEngineOptions = {}) {
    this.host = host;
    this.camera = new Camera(options.initialView, {
      changed: () => this.requestFrame(),
      committed: (view) => this.events.emit('cameraChange', view),
    });
    this.background = options.background ?? DEFAULT_BACKGROUND;
    this.lowSpecAutomatic = options.lowSpec === undefined;
    // Detected in init(): the probe is a synchronous WebGL context creation (~180 ms on software WebGL).
    this.lowSpec = options.lowSpec ?? false;
    this.interactions = new BoardInteractions({
      store: this.store,
      events: this.events,
      view: () => this.camera.view,
      lod: () => this.lod,
      panBy: (dx, dy) => this.changeView(panBy(this.camera.view, dx, dy)),
      commitCamera: () => this.camera.commit(0),
      boardChanged: () => this.markBoardDirty(),
      requestFrame: () => this.requestFrame(),
    });
    this.animations = new CardAnimations({
      store: this.store,
      viewport: () => this.camera.viewport(),
      sceneIndices: () => this.scene?.visibleIndices ?? [],
      reducedMotion: () => this.lowSpec,
      landed: (cardId) => this.events.emit('cardLanded', { cardId }),
      requestFrame: () => this.requestFrame(),
    });
    this.ready = this.init();
  }

  private async init(): Promise<void> {
    // Start after the current task: the page mounting the engine (React effects) gets to send its data requests
    // before the WebGL set-up below blocks the main thread.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.destroyed) return;
    if (this.lowSpecAutomatic) this.lowSpec = detectLowSpec();
    this.camera.size = { width: this.host.clientWidth || 1, height: this.host.clientHeight || 1 };
    const renderer = await createRenderer({ ...this.camera.size, resolution: this.resolution(), background: this.background, preference: this.options.renderer ?? 'webgl' });
    if (this.destroyed) {
      renderer.destroy();
      return;
    }
    this.renderer = renderer;
    this.rendererLabel = rendererName(renderer);
    if (isSoftwareRenderer(this.rendererLabel)) this.motion.startSlow();
    const canvas = renderer.canvas as HTMLCanvasElement;
    canvas.style.display = 'block';
    canvas.addEventListener('webglcontextlost', this.onContextLost);
    canvas.addEventListener('webglcontextrestored', this.onContextRestored);
    this.host.appendChild(canvas);
    this.scene = new EngineScene(renderer, this.store, {
      origin: this.options.origin ?? location.origin,
      lowSpec: this.lowSpec,
      background: this.background,
      interactions: this.interactions,
      animations: this.animations,
      requestFrame: () => this.requestFrame(),
    });
    // Board data given before the renderer was up.
    this.scene.setSections();
    this.boardDirty = true;
    this.input = new PointerInput(canvas, {
      hitTest: (p) => this.interactions.hitTest(p),
      gesture: (input) => {
        this.interactions.input(input);
        this.requestFrame();
      },
      hover: (p) => this.interactions.hover(p),
      zoomAt: (factor, anchor, fromWheel) => this.zoomFromInput(factor, anchor, fromWheel),
      panBy: (dx, dy, fromWheel) => {
        this.changeView(panBy(this.camera.view, dx, dy));
        if (fromWheel) this.camera.commit(WHEEL_COMMIT_DELAY_MS);
      },
      contextMenu: (screen, client) => this.interactions.contextMenu(screen, client),
      cursor: (p, space) => this.interactions.cursor(p, space),
      gestureName: () => this.interactions.gesture.name,
    });
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.host);
    if (this.lowSpecAutomatic) this.events.emit('lowSpecChange', { lowSpec: this.lowSpec, automatic: true });
    this.requestFrame();
  }

  // ——— board data ———

  setBoard(data: BoardData, options: { animate?: boolean } = {}): void {
    this.boardSetAt = performance.now();
    const before = options.animate ? this.positionsOf(data.cards) : null;
    this.scene?.releaseCards();
    this.store.setBoard(data);
    if (before) this.glideFrom(before);
    this.scene?.forgetMissingCards();
    this.scene?.setSections();
    this.interactions.retain();
    this.markBoardDirty();
  }

  updateCards(patches: CardPatch[]): void {
    const before = this.positionsOf(patches.filter((p) => p.position));
    if (this.store.updateCards(patches).length) this.markBoardDirty();
    this.glideFrom(before);
  }

  /** Where the given cards are now (those on the board). */
  private positionsOf(cards: readonly { id: number }[]): Map<number, Point> {
    const out = new Map<number, Point>();
    for (const c of cards) {
      const card = this.store.card(c.id);
      if (card && !this.interactions.dragging.has(c.id)) out.set(c.id, { ...card.position });
    }
    return out;
  }

  /** Cards the board moved since `before` slide to their new places (issue 20: moves are animated). */
  private glideFrom(before: Map<number, Point>): void {
    if (before.size === 0) return;
    const moves = [];
    for (const [id, from] of before) {
      const card = this.store.card(id);
      if (!card || (card.position.x === from.x && card.position.y === from.y)) continue;
      const { width, height } = cardRect(card);
      moves.push({ cardId: id, from, to: card.position, size: { width, height } });
    }
    this.animations.glide(moves, performance.now());
  }

  appendCards(cards: EngineCard[]): void {
    if (cards.length === 0) return;
    this.store.appendCards(cards);
    this.markBoardDirty();
  }

  dropInCards(cardIds: number[]): void {
    this.animations.dropIn(cardIds, performance.now());
  }

  // ——— camera ———

  getView(): CameraView {
    return this.camera.snapshot();
  }

  setView(view: CameraView): void {
    this.changeView(normaliseView(view));
  }

  zoomBy(factor: number, anchor?: Point): void {
    this.changeView(zoomAround(this.camera.view, factor, anchor ?? this.center()));
  }

  resetView(): void {
    this.changeView(DEFAULT_VIEW);
  }

  centerOn(point: Point, zoom?: number): void {
    this.changeView(centerOn(point, zoom ?? this.camera.view.zoom, this.camera.size));
  }

  zoomToFit(cardIds?: number[]): void {
    const bounds = this.store.bounds(cardIds);
    if (bounds.width > 0 || bounds.height > 0) this.changeView(fitRect(bounds, this.camera.size));
  }

  worldToScreen(point: Point): Point {
    return worldToScreen(this.camera.view, point);
  }

  screenToWorld(point: Point): Point {
    return screenToWorld(this.camera.view, point);
  }

  getBoardBounds(): Rect {
    return this.store.bounds();
  }

  cardScreenRect(cardId: number): Rect | null {
    return this.interactions.screenRect(cardId);
  }

  cardBounds(cardIds: number[]): Rect {
    return cardIds.length === 0 ? { x: 0, y: 0, width: 0, height: 0 } : this.store.bounds(cardIds);
  }

  async renderRegion(request: RegionRenderRequest): Promise<void> {
    await this.ready;
    const { renderer, scene } = this;
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
      this.drawnResolution = 0;
      this.markBoardDirty();
    }
  }

  // ——— state from the web ———

  highlight(cardId: number, ms: number): void {
    this.animations.highlight(cardId, ms, performance.now());
  }

  setSelection(cardIds: number[]): void {
    this.interactions.selection.clear();
    for (const id of cardIds) this.interactions.selection.add(id);
    this.requestFrame();
  }

  setDragEnabled(enabled: boolean): void {
    this.interactions.dragEnabled = enabled;
  }

  setLowSpec(lowSpec: boolean): void {
    this.lowSpecAutomatic = false;
    if (lowSpec === this.lowSpec) return;
    this.lowSpec = lowSpec;
    this.drawnResolution = 0;
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
    return {
      renderer: this.rendererLabel,
      lowSpec: this.lowSpec,
      resolution: this.resolution(),
      zoom: this.camera.view.zoom,
      lod: this.lod,
      cardsInViewport: this.store.spatialIndex.query(this.camera.viewport()).length,
      totalCards: this.store.cards.length,
      frames: this.frames,
      contextLosses: this.contextLosses,
      ...(this.scene?.stats() ?? EMPTY_SCENE_STATS),
      ...this.samples.snapshot(),
    };
  }

  resetStats(): void {
    this.samples.reset();
  }

  inspectCard(cardId: number): CardInspection | null {
    const rect = this.cardScreenRect(cardId);
    if (!rect || !this.scene) return null;
    return { ...this.scene.inspect(cardId), imageIndex: this.interactions.imageIndexOf(cardId), screenRect: rect };
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.rafId) cancelAnimationFrame(this.rafId);
    this.camera.destroy();
    this.animations.clear();
    this.resizeObserver?.disconnect();
    this.input?.destroy();
    this.scene?.destroy();
    this.events.clear();
    if (this.renderer) {
      const canvas = this.renderer.canvas as HTMLCanvasElement;
      canvas.removeEventListener('webglcontextlost', this.onContextLost);
      canvas.removeEventListener('webglcontextrestored', this.onContextRestored);
      canvas.remove();
      this.renderer.destroy();
    }
    this.renderer = null;
  }

  // ——— internals ———

  private resolution(): number {
    return this.lowSpec ? 1 : Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  }

  private center(): Point {
    return { x: this.camera.size.width / 2, y: this.camera.size.height / 2 };
  }

  private zoomFromInput(factor: number, anchor: Point, fromWheel: boolean): void {
    this.changeView(zoomAround(this.camera.view, factor, anchor));
    if (fromWheel) this.camera.commit(WHEEL_COMMIT_DELAY_MS);
  }

  private changeView(next: CameraView): void {
    this.camera.set(next);
  }

  /** boardDrawn, on the first frame after setBoard() in which every card in view is fully drawn. */
  private reportBoardDrawn(scene: EngineScene, now: number): void {
    if (this.boardSetAt === null || !scene.viewportComplete(this.camera.viewport(), this.lod)) return;
    const ms = now - this.boardSetAt;
    this.boardSetAt = null;
    this.events.emit('boardDrawn', { cards: this.store.cards.length, ms });
  }

  private markBoardDirty(): void {
    this.boardDirty = true;
    this.requestFrame();
  }

  private resize(): void {
    const width = this.host.clientWidth || 1;
    const height = this.host.clientHeight || 1;
    if (width === this.camera.size.width && height === this.camera.size.height) return;
    this.camera.size = { width, height };
    this.drawnResolution = 0;
    this.region.invalidate();
    this.requestFrame();
  }

  requestFrame(): void {
    if (this.rafId || this.destroyed || this.contextLost || !this.renderer) return;
    this.rafId = requestAnimationFrame(this.frame);
  }

  /**
   * The GPU dropped the context (driver reset, GPU switch, too many contexts). Pixi already asked the browser to
   * restore it; until then frames would draw nothing.
   */
  private readonly onContextLost = (): void => {
    this.contextLost = true;
    this.contextLosses++;
    if (this.rafId) cancelAnimationFrame(this.rafId);
    this.rafId = 0;
  };

  /**
   * Pixi re-creates its GPU objects and re-uploads textures that have a source (images, fonts, chrome); baked
   * card textures were drawn on the GPU and are gone, so every card is baked again, showing its placeholder
   * meanwhile.
   */
  private readonly onContextRestored = (): void => {
    this.contextLost = false;
    this.scene?.contextRestored();
    this.drawnResolution = 0;
    this.requestFrame();
  };

  private readonly frame = (): void => {
    this.rafId = 0;
    const renderer = this.renderer;
    const scene = this.scene;
    if (!renderer || !scene || this.destroyed || this.exporting) return;
    const start = performance.now();
    const moving = this.camera.isMoving(start, this.lastFrameStart) || this.interactions.gesture.name === 'panning';
    this.lastFrameStart = start;
    this.lod = selectLod(this.camera.view.zoom, this.lowSpec);
    const viewport = this.camera.viewport();
    if (this.boardDirty || this.region.needsRebuild(viewport, this.lod)) {
      scene.rebuild(this.region.commit(viewport, this.lod), this.lod);
      this.boardDirty = false;
    }
    const animating = this.animations.step(start);
    const slowMachine = this.lowSpec || this.motion.slow;
    const work = scene.update({ now: start, view: this.camera.view, viewport, lod: this.lod, moving, slowMachine, resolution: this.resolution() });
    const drawResolution = this.motion.resolutionFor(this.resolution(), moving, this.lowSpec, start);
    if (drawResolution !== this.drawnResolution) {
      renderer.resize(this.camera.size.width, this.camera.size.height, drawResolution);
      this.drawnResolution = drawResolution;
    }
    const rendering = performance.now();
    scene.render(renderer, this.camera.view, drawResolution);
    const end = performance.now();
    this.frames++;
    this.samples.push(rendering - start, scene.lastBakeMs, scene.lastFrameBakes, end - rendering);
    if (this.boardSetAt !== null) this.reportBoardDrawn(scene, end);
    if (!this.lastEmittedView || !viewsEqual(this.lastEmittedView, this.camera.view)) {
      this.lastEmittedView = this.getView();
      this.events.emit('viewChange', this.getView());
      if (this.interactions.hoveredId !== null) this.interactions.emitHover();
    }
    if (animating || work || moving || drawResolution !== this.resolution()) this.requestFrame();
  };
}
