/**
 * The board engine: owns the canvas, the camera, the frame loop and the subsystems (board store, card views and
 * bakes, sections, overlays, images, interactions, animations). Frames are drawn only when something changed.
 * Each frame: camera transform → visible set (only when the viewport leaves its margin or the level of detail
 * changes) → animation poses → bakes within budget → render.
 */
import type { Renderer } from 'pixi.js';
import { WHEEL_COMMIT_DELAY_MS } from '../shared/constants';
import { CardAnimations } from './card-animations';
import { Emitter } from './emitter';
import { PointerInput } from './input/pointer-input';
import { BoardInteractions } from './interactions';
import { centerOn, clampZoom, DEFAULT_VIEW, fitRect, normaliseView, panBy, screenToWorld, viewsEqual, visibleWorldRect, worldToScreen, zoomAround } from './model/camera';
import { selectLod, type LodLevel } from './model/lod';
import { VisibleRegion } from './model/visible-region';
import { BoardStore } from './model/board-store';
import { EngineScene } from './render/engine-scene';
import { createRenderer, detectLowSpec, rendererName } from './render/create-renderer';
import type { BoardData, BoardEngine, BoardEngineEventName, BoardEngineEvents, BoardEngineOptions, CameraView, CardInspection, CardPatch, EngineStats, Point, Rect } from './types';

const DEFAULT_BACKGROUND = 0xf4f5f7;
/**
 * While the camera moves on a machine that cannot keep up (frames slower than this while moving), the canvas is
 * drawn at half resolution until the camera rests: a quarter of the pixels (PERFORMANCE.md: draw less while the
 * camera moves; fill rate is the cost on software and weak GPUs). Low-spec mode does it from the start.
 */
const SLOW_MOTION_FRAME_MS = 28;
const MOTION_RESOLUTION = 0.5;
/** Per-frame samples kept for getStats(). */
const MAX_SAMPLES = 5000;

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
  private view: CameraView;
  private lastEmittedView: CameraView | null = null;
  private size = { width: 1, height: 1 };
  private lowSpec: boolean;
  private lowSpecAutomatic: boolean;
  private lod: LodLevel = 'full';
  private lastViewChangeAt = -Infinity;
  private cameraCommitTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private rafId = 0;
  private boardDirty = true;
  private destroyed = false;
  private frames = 0;
  /** Set once moving frames were measured slow (or low-spec): moving frames then draw at reduced resolution. */
  private slowMotion = false;
  private motionFrameMs = 0;
  private lastFrameAt = 0;
  private drawnResolution = 0;
  /** Read once: getParameter is a synchronous round trip to the GPU process. */
  private rendererLabel = 'not started';
  private lastFrameStart = 0;
  private engineSamples: number[] = [];
  private bakeSamples: number[] = [];
  private bakeCountSamples: number[] = [];
  private renderSamples: number[] = [];

  constructor(host: HTMLElement, private readonly options: BoardEngineOptions = {}) {
    this.host = host;
    this.view = normaliseView(options.initialView ?? DEFAULT_VIEW);
    this.background = options.background ?? DEFAULT_BACKGROUND;
    this.lowSpecAutomatic = options.lowSpec === undefined;
    this.lowSpec = options.lowSpec ?? detectLowSpec();
    this.interactions = new BoardInteractions({
      store: this.store,
      events: this.events,
      view: () => this.view,
      lod: () => this.lod,
      panBy: (dx, dy) => this.changeView(panBy(this.view, dx, dy)),
      commitCamera: () => this.commitCamera(0),
      boardChanged: () => this.markBoardDirty(),
      requestFrame: () => this.requestFrame(),
    });
    this.animations = new CardAnimations({
      store: this.store,
      viewport: () => visibleWorldRect(this.view, this.size),
      sceneIndices: () => this.scene?.visibleIndices ?? [],
      reducedMotion: () => this.lowSpec,
      landed: (cardId) => this.events.emit('cardLanded', { cardId }),
      requestFrame: () => this.requestFrame(),
    });
    this.ready = this.init();
  }

  private async init(): Promise<void> {
    this.size = { width: this.host.clientWidth || 1, height: this.host.clientHeight || 1 };
    const renderer = await createRenderer({ ...this.size, resolution: this.resolution(), background: this.background });
    if (this.destroyed) {
      renderer.destroy();
      return;
    }
    this.renderer = renderer;
    this.rendererLabel = rendererName(renderer);
    const canvas = renderer.canvas as HTMLCanvasElement;
    canvas.style.display = 'block';
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
        this.changeView(panBy(this.view, dx, dy));
        if (fromWheel) this.commitCamera(WHEEL_COMMIT_DELAY_MS);
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

  setBoard(data: BoardData): void {
    this.scene?.releaseCards();
    this.store.setBoard(data);
    this.scene?.forgetMissingCards();
    this.scene?.setSections();
    this.interactions.retain();
    this.markBoardDirty();
  }

  updateCards(patches: CardPatch[]): void {
    if (this.store.updateCards(patches).length) this.markBoardDirty();
  }

  dropInCards(cardIds: number[]): void {
    this.animations.dropIn(cardIds, performance.now());
  }

  // ——— camera ———

  getView(): CameraView {
    return { zoom: this.view.zoom, offset: { ...this.view.offset } };
  }

  setView(view: CameraView): void {
    this.changeView(normaliseView(view));
  }

  zoomBy(factor: number, anchor?: Point): void {
    this.changeView(zoomAround(this.view, factor, anchor ?? this.center()));
  }

  resetView(): void {
    this.changeView(DEFAULT_VIEW);
  }

  centerOn(point: Point, zoom?: number): void {
    this.changeView(centerOn(point, zoom ?? this.view.zoom, this.size));
  }

  zoomToFit(cardIds?: number[]): void {
    const bounds = this.store.bounds(cardIds);
    if (bounds.width > 0 || bounds.height > 0) this.changeView(fitRect(bounds, this.size));
  }

  worldToScreen(point: Point): Point {
    return worldToScreen(this.view, point);
  }

  screenToWorld(point: Point): Point {
    return screenToWorld(this.view, point);
  }

  getBoardBounds(): Rect {
    return this.store.bounds();
  }

  cardScreenRect(cardId: number): Rect | null {
    return this.interactions.screenRect(cardId);
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
    const viewport = visibleWorldRect(this.view, this.size);
    const store = this.store;
    const base = this.scene?.stats() ?? null;
    return {
      renderer: this.rendererLabel,
      lowSpec: this.lowSpec,
      resolution: this.resolution(),
      zoom: this.view.zoom,
      lod: this.lod,
      renderedCards: base?.renderedCards ?? 0,
      cardsInViewport: store.grid.query(viewport).length,
      totalCards: store.cards.length,
      frames: this.frames,
      bakes: base?.bakes ?? 0,
      bakeBacklog: base?.bakeBacklog ?? 0,
      imageLoads: base?.imageLoads ?? 0,
      imageFailures: base?.imageFailures ?? 0,
      imagesLoading: base?.imagesLoading ?? 0,
      brokenUrls: base?.brokenUrls ?? 0,
      textures: base?.textures ?? { images: 0, imageBytes: 0, baked: 0, bakedBytes: 0, count: 0, bytes: 0, budgetBytes: 0 },
      engineMs: [...this.engineSamples],
      bakeMs: [...this.bakeSamples],
      bakesPerFrame: [...this.bakeCountSamples],
      renderMs: [...this.renderSamples],
    };
  }

  resetStats(): void {
    this.engineSamples = [];
    this.bakeSamples = [];
    this.bakeCountSamples = [];
    this.renderSamples = [];
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
    if (this.cameraCommitTimer) clearTimeout(this.cameraCommitTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.animations.clear();
    this.resizeObserver?.disconnect();
    this.input?.destroy();
    this.scene?.destroy();
    this.events.clear();
    if (this.renderer) {
      (this.renderer.canvas as HTMLCanvasElement).remove();
      this.renderer.destroy();
    }
    this.renderer = null;
  }

  // ——— internals ———

  private resolution(): number {
    return this.lowSpec ? 1 : Math.min(2, Math.max(1, window.devicePixelRatio || 1));
  }

  private center(): Point {
    return { x: this.size.width / 2, y: this.size.height / 2 };
  }

  private zoomFromInput(factor: number, anchor: Point, fromWheel: boolean): void {
    this.changeView(zoomAround(this.view, factor, anchor));
    if (fromWheel) this.commitCamera(WHEEL_COMMIT_DELAY_MS);
  }

  private changeView(next: CameraView): void {
    const view = { zoom: clampZoom(next.zoom), offset: next.offset };
    if (viewsEqual(view, this.view)) return;
    this.view = view;
    this.lastViewChangeAt = performance.now();
    // Level-of-detail switches wait for the camera to rest: one frame after it stops.
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      this.requestFrame();
    }, WHEEL_COMMIT_DELAY_MS + 10);
    this.requestFrame();
  }

  /** Spec: the camera is committed 150 ms after the last wheel step, and at the end of a pan. */
  private commitCamera(delay: number): void {
    if (this.cameraCommitTimer) clearTimeout(this.cameraCommitTimer);
    this.cameraCommitTimer = setTimeout(() => {
      this.cameraCommitTimer = null;
      this.events.emit('cameraChange', this.getView());
    }, delay);
  }

  private markBoardDirty(): void {
    this.boardDirty = true;
    this.requestFrame();
  }

  private resize(): void {
    const width = this.host.clientWidth || 1;
    const height = this.host.clientHeight || 1;
    if (width === this.size.width && height === this.size.height) return;
    this.size = { width, height };
    this.drawnResolution = 0;
    this.region.invalidate();
    this.requestFrame();
  }

  requestFrame(): void {
    if (this.rafId || this.destroyed || !this.renderer) return;
    this.rafId = requestAnimationFrame(this.frame);
  }

  private readonly frame = (): void => {
    this.rafId = 0;
    const renderer = this.renderer;
    const scene = this.scene;
    if (!renderer || !scene || this.destroyed) return;
    const start = performance.now();
    // Moving: the view changed since the last frame, or within the wheel commit delay (spec: 150 ms).
    const moving =
      this.lastViewChangeAt > this.lastFrameStart || start - this.lastViewChangeAt < WHEEL_COMMIT_DELAY_MS || this.interactions.gesture.name === 'panning';
    this.lastFrameStart = start;
    this.lod = selectLod(this.view.zoom, this.lowSpec);
    const viewport = visibleWorldRect(this.view, this.size);
    if (this.boardDirty || this.region.needsRebuild(viewport, this.lod)) {
      scene.rebuild(this.region.commit(viewport, this.lod), this.lod);
      this.boardDirty = false;
    }
    const animating = this.animations.step(start);
    const work = scene.update({ now: start, view: this.view, viewport, lod: this.lod, moving, resolution: this.resolution() });
    const drawResolution = this.drawResolution(moving, start);
    if (drawResolution !== this.drawnResolution) {
      renderer.resize(this.size.width, this.size.height, drawResolution);
      this.drawnResolution = drawResolution;
    }
    const rendering = performance.now();
    scene.render(renderer, this.view, drawResolution);
    const end = performance.now();
    this.frames++;
    if (this.engineSamples.length < MAX_SAMPLES) {
      this.engineSamples.push(rendering - start);
      this.bakeSamples.push(scene.lastBakeMs);
      this.bakeCountSamples.push(scene.lastFrameBakes);
      this.renderSamples.push(end - rendering);
    }
    if (!this.lastEmittedView || !viewsEqual(this.lastEmittedView, this.view)) {
      this.lastEmittedView = this.getView();
      this.events.emit('viewChange', this.getView());
      if (this.interactions.hoveredId !== null) this.interactions.emitHover();
    }
    if (animating || work || moving || drawResolution !== this.resolution()) this.requestFrame();
  };

  /** The resolution to draw this frame at: reduced while moving once moving frames were measured slow. */
  private drawResolution(moving: boolean, now: number): number {
    const full = this.resolution();
    if (moving && this.lastFrameAt > 0) {
      // Exponential average of the interval between moving frames.
      const interval = now - this.lastFrameAt;
      this.motionFrameMs = this.motionFrameMs === 0 ? interval : this.motionFrameMs * 0.8 + interval * 0.2;
      if (this.motionFrameMs > SLOW_MOTION_FRAME_MS && interval < 1000) this.slowMotion = true;
    }
    this.lastFrameAt = moving ? now : 0;
    if (!moving) this.motionFrameMs = 0;
    return moving && (this.slowMotion || this.lowSpec) ? full * MOTION_RESOLUTION : full;
  }
}
