/**
 * The Pixi side of the engine in one place: the stage (one world container as a render group, so pan and zoom
 * change one transform), its layers by object type (sections, cards, dots, overlays), and the systems that own
 * textures (images, bakes, the reaper). The engine calls rebuild() when the visible set changes and update()
 * every frame it draws.
 */
import { Container, type Renderer, type RenderTexture } from 'pixi.js';
import type { BoardStore } from '../model/board-store';
import { cardRect } from '#shared/card-geometry';
import { pixelsCovered } from '../model/pixel-span';
import { rectsIntersect } from '../model/rect';
import { stackRank } from '../model/hit-test';
import { LOD_SPECS, type LodLevel } from '../model/lod';
import type { CameraView, CanvasTexts, EngineCard, EngineStats, Rect } from '../types';
import { BakeCache } from './bake-cache';
import { BakeScheduler } from './bake-scheduler';
import { CardBaker, type ComposeJob } from './card-baker';
import { CardViews } from './card-views';
import { createChromeTextures, type ChromeTextures } from './chrome-textures';
import { fillRects } from './fill-rects';
import { installFonts } from './fonts';
import { ImageStore } from './image-store';
import { OverlayViews, type RingRequest } from './overlay-views';
import type { SceneState } from './scene-state';
import { parseColor, SectionViews } from './section-views';
import { TextureReaper } from './texture-reaper';

export type SceneOptions = {
  origin: string;
  lowSpec: boolean;
  background: number;
  state: SceneState;
  requestFrame: () => void;
  texts: CanvasTexts;
};

export type SceneStats = Pick<
  EngineStats,
  | 'renderedCards'
  | 'bakes'
  | 'bakeBacklog'
  | 'imageLoads'
  | 'imageFailures'
  | 'imagesLoading'
  | 'brokenUrls'
  | 'textures'
>;

/** What getStats() reports before the renderer is up. */
export const EMPTY_SCENE_STATS: SceneStats = {
  renderedCards: 0,
  bakes: 0,
  bakeBacklog: 0,
  imageLoads: 0,
  imageFailures: 0,
  imagesLoading: 0,
  brokenUrls: 0,
  textures: { images: 0, imageBytes: 0, baked: 0, bakedBytes: 0, count: 0, bytes: 0, budgetBytes: 0 },
};

export type SceneFrame = {
  now: number;
  view: CameraView;
  viewport: Rect;
  lod: LodLevel;
  moving: boolean;
  slowMachine: boolean;
  resolution: number;
};

/** Texture budgets (bytes): the 192 MB, half in low-spec; images and baked cards share it. */
const IMAGE_BUDGET = 96 * 1024 * 1024;
const BAKE_BUDGET = 96 * 1024 * 1024;
const DEFAULT_DOT_COLOR = 0xc5cad3;
/** Images loading at once while an export renders (nothing else competes for the network then). */
const OFFSCREEN_IMAGE_CONCURRENCY = 12;

export class EngineScene {
  readonly stage = new Container();
  readonly world = new Container({ isRenderGroup: true });
  /** Rendered alone first each frame: it clears the canvas to the board colour before the section fills. */
  private readonly backdrop = new Container();
  visibleIndices: number[] = [];
  private visibleSet = new Set<number>();
  private queryRect: Rect = { x: 0, y: 0, width: 0, height: 0 };
  private readonly chrome: ChromeTextures;
  private readonly reaper = new TextureReaper();
  private readonly images: ImageStore;
  private readonly bakes: BakeCache;
  private readonly baker: CardBaker;
  private readonly cards: CardViews;
  private readonly scheduler: BakeScheduler;
  private readonly sections: SectionViews;
  private readonly overlay: OverlayViews;
  private lowSpec: boolean;
  /** Export tiles waiting for the next image to load or fail (see imageChange). */
  private imageWaiters: (() => void)[] = [];

  constructor(
    renderer: Renderer,
    private readonly store: BoardStore,
    private readonly options: SceneOptions,
  ) {
    installFonts(Object.values(options.texts).join(''));
    this.lowSpec = options.lowSpec;
    this.chrome = createChromeTextures();
    const share = options.lowSpec ? 0.5 : 1;
    this.images = new ImageStore(options.origin, IMAGE_BUDGET * share, this.reaper, () => {
      const waiters = this.imageWaiters;
      this.imageWaiters = [];
      for (const resolve of waiters) resolve();
      options.requestFrame();
    });
    this.bakes = new BakeCache(BAKE_BUDGET * share, this.reaper);
    this.baker = new CardBaker(this.chrome, options.texts);
    this.cards = new CardViews(
      store,
      (view) => this.scheduler.release(view),
      this.dotColor,
      renderer.name !== 'canvas',
    );
    this.cards.warmUp(renderer);
    this.scheduler = new BakeScheduler(renderer, store, this.cards, this.images, this.bakes, this.baker, {
      movingPixels: 200_000,
      idlePixels: 1_000_000,
      budgetMs: 8,
    });
    this.sections = new SectionViews(this.chrome, options.background, options.texts);
    this.overlay = new OverlayViews(this.chrome);
    for (const c of [this.stage, this.world]) {
      c.eventMode = 'none';
      c.interactiveChildren = false;
    }
    this.world.addChild(this.sections.container, this.cards.sprites, this.cards.dots, this.overlay.container);
    this.stage.addChild(this.world);
  }

  rebuild(query: Rect, lod: LodLevel): void {
    this.queryRect = query;
    this.visibleIndices = this.store.spatialIndex.query(query);
    this.visibleSet = new Set(this.visibleIndices);
    this.cards.rebuild(this.visibleIndices, lod);
  }

  /** Draws one frame's state into the scene; returns whether more frames are needed to finish pending work. */
  update(f: SceneFrame): boolean {
    const { state } = this.options;
    this.world.position.set(f.view.offset.x, f.view.offset.y);
    this.world.scale.set(f.view.zoom);
    this.cards.refreshDots(this.visibleIndices);
    const stack = state.stack();
    this.cards.layout(
      (id) => state.pose(id, f.now),
      (card) => stackRank(card, stack),
    );
    this.scheduler.run({
      now: f.now,
      zoom: f.view.zoom,
      lod: f.lod,
      viewport: f.viewport,
      moving: f.moving,
      slowMachine: f.slowMachine,
      resolution: f.resolution,
      imageIndex: (id) => state.imageIndexOf(id),
      matte: (card) => this.matte(card),
    });
    this.sections.update(this.queryRect, f.view.zoom, state.dropSectionId());
    const highlighted = state.highlighted();
    this.overlay.update(
      this.rings(highlighted, state.flashes(f.now)),
      f.view.zoom,
      state.rubberBand(),
      this.lowSpec ? 1 : 0.5 + 0.5 * Math.sin(f.now / 250),
    );
    this.images.pump(f.now);
    this.reaper.process();
    const pulsing = highlighted.length > 0 && !this.lowSpec;
    return this.scheduler.backlog > 0 || this.images.queued > 0 || this.reaper.pending > 0 || pulsing;
  }

  /** Draws the frame: clear, section fills (scissored clears), then the stage on top without clearing. */
  render(renderer: Renderer, view: CameraView, resolution: number): void {
    renderer.render({ container: this.backdrop, clear: true, clearColor: this.options.background });
    this.sections.fillBackgrounds(renderer, view, resolution);
    fillRects(renderer, this.cards.dotRects(view, resolution), true);
    renderer.render({ container: this.stage, clear: false });
  }

  /**
   * The same frame drawn into a render texture (offscreen export tiles): rows run top-down there, so the fills
   * are not flipped; `clearColor` may be transparent.
   */
  renderTo(
    renderer: Renderer,
    view: CameraView,
    target: RenderTexture,
    clearColor: [number, number, number, number],
  ): void {
    renderer.render({ container: this.backdrop, target, clear: true, clearColor });
    this.sections.fillBackgrounds(renderer, view, 1, false);
    fillRects(renderer, this.cards.dotRects(view, 1), false);
    // Highlights and the selection are the board's, not the image's.
    this.overlay.container.visible = false;
    renderer.render({ container: this.stage, target, clear: false });
    this.overlay.container.visible = true;
  }

  /**
   * The same frame for an export tile with the cards composed straight into it at the tile's scale (no bake,
   * no card sprite: each card pixel is drawn once instead of baked and then drawn again, which is most of an
   * export's time on a software rasteriser). Sections and their chrome are drawn as on screen; the overlay
   * (selection, highlights) is left out. Levels with card detail only (not dot mode).
   */
  composeTo(
    renderer: Renderer,
    f: SceneFrame,
    target: RenderTexture,
    clearColor: [number, number, number, number],
  ): void {
    const detail = LOD_SPECS[f.lod].detail;
    if (!detail) throw new Error('EngineScene.composeTo: dot mode has no card detail to compose');
    renderer.render({ container: this.backdrop, target, clear: true, clearColor });
    this.sections.fillBackgrounds(renderer, f.view, 1, false);
    this.cards.sprites.visible = false;
    this.overlay.container.visible = false;
    renderer.render({ container: this.stage, target, clear: false });
    this.cards.sprites.visible = true;
    this.overlay.container.visible = true;
    const { state } = this.options;
    const stack = state.stack();
    const cards = this.store.cards;
    const order = [...this.visibleIndices].sort(
      (a, b) => stackRank(cards[a], stack) - stackRank(cards[b], stack) || a - b,
    );
    const bake = {
      now: f.now,
      zoom: f.view.zoom,
      lod: f.lod,
      viewport: f.viewport,
      moving: false,
      slowMachine: false,
      resolution: f.resolution,
      imageIndex: (id: number) => state.imageIndexOf(id),
      matte: (card: EngineCard) => this.matte(card),
    };
    const jobs: ComposeJob[] = [];
    for (const index of order) {
      const card = cards[index];
      const rect = cardRect(card);
      if (!rectsIntersect(rect, f.viewport)) continue;
      const x = Math.round(rect.x * f.view.zoom + f.view.offset.x);
      const y = Math.round(rect.y * f.view.zoom + f.view.offset.y);
      const input = {
        card,
        detail,
        imageIndex: state.imageIndexOf(card.id),
        image: this.scheduler.imageFor(card, bake),
        scale: f.view.zoom,
        matte: this.matte(card),
        chrome: false,
      };
      // The card's white is cleared over exactly the pixels its content covers: a rounded-up column (a
      // vertical card is 207.5 units wide) stayed white beyond the border and the corners' matte.
      jobs.push({
        input,
        x,
        y,
        width: pixelsCovered(rect.width * f.view.zoom),
        height: pixelsCovered(rect.height * f.view.zoom),
      });
    }
    this.baker.composeInto(renderer, target, jobs);
  }

  /**
   * Offscreen export: bake in larger steps than an interactive frame allows, and wait for each card's
   * image instead of baking its loading placeholder first; with `imagesOnly`, only ask for the images (the tile
   * is drawn with composeTo). Returns the function that restores the frame limits.
   */
  beginOffscreen(imageWaitMs: number, imagesOnly = false): () => void {
    const before = this.scheduler.setLimits({
      movingPixels: 8_000_000,
      idlePixels: 8_000_000,
      budgetMs: 40,
      imageWaitMs,
      imagesOnly,
    });
    // The next tile's images (the lazy margin) load while this one is drawn and read back.
    const concurrency = this.images.setConcurrency(OFFSCREEN_IMAGE_CONCURRENCY);
    this.sections.exportLook = true;
    return () => {
      this.scheduler.setLimits(before);
      this.images.setConcurrency(concurrency);
      this.sections.exportLook = false;
    };
  }

  /** Cards in the viewport whose image is still loading (after an update in imagesOnly mode). */
  get imagesWaiting(): number {
    return this.scheduler.imagesWaiting;
  }

  /** Resolves when the next image loads or fails, or after `ms`, whichever comes first. */
  imageChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.imageWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Card bakes still queued for the current visible set. */
  get bakesPending(): number {
    return this.scheduler.backlog;
  }

  get lastBakeMs(): number {
    return this.scheduler.lastFrameBakeMs;
  }

  get lastFrameBakes(): number {
    return this.scheduler.lastFrameBakes;
  }

  /** After a WebGL context restore: baked textures are blank, so every bake is redone. */
  contextRestored(): void {
    this.scheduler.invalidateAll();
  }

  /** The canvas's words changed (another interface language): sections are drawn and cards baked again. */
  retext(): void {
    this.sections.setSections(this.store.sections);
    this.scheduler.invalidateAll();
  }

  releaseCards(): void {
    this.cards.releaseAll();
    this.visibleIndices = [];
    this.visibleSet.clear();
  }

  /** Drops baked textures and images of cards that are no longer on the board (after setBoard). */
  forgetMissingCards(): void {
    this.bakes.retain((cardId) => this.store.cardIndex(cardId) >= 0);
    if (this.store.cards.length === 0) this.bakes.trim();
    this.images.retainImages(boardImageUrls(this.store.cards));
  }

  setSections(): void {
    this.sections.setSections(this.store.sections);
  }

  setLowSpec(lowSpec: boolean): void {
    this.lowSpec = lowSpec;
    const share = lowSpec ? 0.5 : 1;
    this.images.setByteBudget(IMAGE_BUDGET * share);
    this.bakes.setByteBudget(BAKE_BUDGET * share);
  }

  stats(): SceneStats {
    const images = this.images.textures;
    return {
      renderedCards: this.cards.count,
      bakes: this.scheduler.bakes,
      bakeBacklog: this.scheduler.backlog,
      imageLoads: this.images.loads,
      imageFailures: this.images.failures,
      imagesLoading: this.images.loading + this.images.queued,
      brokenUrls: this.images.broken.size,
      textures: {
        images: images.size,
        imageBytes: images.bytes,
        baked: this.bakes.count,
        bakedBytes: this.bakes.bytes,
        count: images.size + this.bakes.count,
        bytes: images.bytes + this.bakes.bytes,
        budgetBytes: images.byteBudget + this.bakes.lru.byteBudget,
      },
    };
  }

  /**
   * Whether every card in the viewport is fully drawn: baked at this level of detail with the image it shows
   * loaded (or failed / absent), not a placeholder. Dot mode draws flat blocks and is always complete.
   */
  viewportComplete(viewport: Rect, lod: LodLevel): boolean {
    if (this.cards.isDotMode) return true;
    for (const view of this.cards.views.values()) {
      if (view.key !== null && view.level === lod && view.image !== 'loading') continue;
      if (rectsIntersect(cardRect(this.store.cards[view.index]), viewport)) return false;
    }
    return true;
  }

  inspect(cardId: number): {
    inScene: boolean;
    level: LodLevel | null;
    baked: boolean;
    image: 'ready' | 'loading' | 'failed' | 'none';
  } {
    const index = this.store.cardIndex(cardId);
    const view = this.cards.views.get(index);
    if (view) return { inScene: true, level: view.level, baked: view.key !== null, image: view.image };
    return {
      inScene: this.cards.isDotMode && this.visibleSet.has(index),
      level: this.cards.isDotMode ? 'dot' : null,
      baked: false,
      image: 'none',
    };
  }

  destroy(): void {
    this.cards.destroy();
    this.sections.destroy();
    this.overlay.destroy();
    this.baker.destroy();
    this.bakes.destroy();
    this.images.destroy();
    this.reaper.flush();
    this.chrome.destroy();
    this.stage.destroy({ children: true });
    this.backdrop.destroy();
  }

  /** The colour behind a card: the unlocked section under its centre, or the board. */
  private matte(card: EngineCard): number {
    const r = cardRect(card);
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    const sections = this.store.sections;
    for (let i = sections.length - 1; i >= 0; i--) {
      const s = sections[i];
      if (
        !s.locked &&
        cx >= s.position.x &&
        cx < s.position.x + s.size.width &&
        cy >= s.position.y &&
        cy < s.position.y + s.size.height
      ) {
        return parseColor(s.color);
      }
    }
    return this.options.background;
  }

  private readonly dotColor = (card: EngineCard): number => {
    const average = this.images.averageColor(card.images[0]);
    if (average !== undefined) return average;
    const section = card.sectionId !== null ? this.store.section(card.sectionId) : undefined;
    // Pastel section colours darkened, so the blocks stand out on their own section.
    return section ? darken(parseColor(section.color), 0.72) : DEFAULT_DOT_COLOR;
  };

  private rings(highlighted: readonly number[], flashes: ReturnType<SceneState['flashes']>): RingRequest[] {
    const out: RingRequest[] = [];
    const add = (id: number, kind: RingRequest['kind'], extra: Pick<RingRequest, 'tint' | 'label'> = {}) => {
      const index = this.store.cardIndex(id);
      if (index >= 0 && this.visibleSet.has(index))
        out.push({ rect: cardRect(this.store.cards[index]), kind, ...extra });
    };
    for (const id of this.options.state.selection()) add(id, 'selection');
    const focused = this.options.state.focused();
    if (focused !== null) add(focused, 'focus');
    for (const id of highlighted) add(id, 'highlight');
    for (const f of flashes) add(f.cardId, 'flash', { tint: f.color, ...(f.labelled ? { label: f.label } : {}) });
    return out;
  }
}

function darken(color: number, k: number): number {
  const r = Math.round(((color >> 16) & 255) * k);
  const g = Math.round(((color >> 8) & 255) * k);
  const b = Math.round((color & 255) * k);
  return (r << 16) | (g << 8) | b;
}

function* boardImageUrls(cards: readonly EngineCard[]): Generator<string> {
  for (const card of cards) yield* card.images;
}
