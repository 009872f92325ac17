/**
 * Decides, each frame, which visible cards need a new texture and bakes the most urgent few: cards in the
 * viewport before cards in the margin, nearest to the centre first, within a per-frame count and time budget.
 * While the camera moves, cards that already show something keep it (the level switches once the camera is
 * idle); only cards still showing the placeholder are baked, and on a slow machine not even those while the
 * cards are thumbnails (a bake costs a software rasteriser a frame; the flat placeholder stands in until the
 * camera rests, the way dot mode does). Images are asked for only within the spec's
 * 500 px lazy margin, next / previous gallery images are preloaded, and a card waits a moment for its image
 * before it is baked with 'Загрузка...'.
 */
import type { Renderer, Texture } from 'pixi.js';
import { IMAGE_LAZY_MARGIN_PX } from '#shared/constants';
import type { BoardStore } from '../model/board-store';
import { cardRect } from '#shared/card-geometry';
import { cardLayout } from '../model/card-layout';
import { bakePixelSize, bakesWhileMoving, decodeWidthCap, LOD_SPECS, type LodLevel } from '../model/lod';
import { expandRect, rectsIntersect } from '../model/rect';
import type { EngineCard, Rect } from '../types';
import { BakeCache, type BakedCard } from './bake-cache';
import type { BakeJob, CardBaker } from './card-baker';
import type { CardView, CardViews } from './card-views';
import type { ImageState, ImageStore } from './image-store';

export type BakeFrame = {
  now: number;
  zoom: number;
  lod: LodLevel;
  viewport: Rect;
  moving: boolean;
  /** A software rasteriser, a GPU measured slow while moving, or low-spec mode. */
  slowMachine: boolean;
  resolution: number;
  imageIndex(cardId: number): number;
  matte(card: EngineCard): number;
};

/** How long a card shows its placeholder while waiting for its image before baking 'Загрузка...'. */
const IMAGE_WAIT_MS = 250;
/**
 * A bake is drawing: its cost is its pixels plus a fixed cost per render pass (measured on software WebGL: a
 * 102 × 84 bake costs about as much as 40,000 pixels of fill). Each frame bakes until its budget is used.
 */
const BAKE_PASS_COST_PX = 40_000;

/**
 * `imageWaitMs`: how long a card waits for its image before baking its loading placeholder (IMAGE_WAIT_MS).
 * `imagesOnly`: ask for the images of the cards in view and bake nothing (export tiles compose cards directly).
 */
export type BakeLimits = {
  movingPixels: number;
  idlePixels: number;
  budgetMs: number;
  imageWaitMs?: number;
  imagesOnly?: boolean;
};
const FAILED: ImageState = { status: 'failed' };

export class BakeScheduler {
  bakes = 0;
  lastFrameBakes = 0;
  /** Time spent painting bakes in the last run (part of the engine's JS time). */
  lastFrameBakeMs = 0;
  /** Cards that wanted a bake this frame but were left for later. */
  backlog = 0;
  /** Cards in the viewport whose image is still loading (counted in imagesOnly mode). */
  imagesWaiting = 0;

  constructor(
    private readonly renderer: Renderer,
    private readonly store: BoardStore,
    private readonly views: CardViews,
    private readonly images: ImageStore,
    private readonly cache: BakeCache,
    private readonly baker: CardBaker,
    private limits: BakeLimits,
  ) {}

  /** Swaps the per-frame limits (an offscreen export bakes in larger steps and waits for images). */
  setLimits(limits: BakeLimits): BakeLimits {
    const before = this.limits;
    this.limits = limits;
    return before;
  }

  /** Releases the pin a view holds (called when the view goes back to the pool). */
  release(view: CardView): void {
    if (view.key) this.cache.lru.unpin(view.key);
    view.key = null;
    view.signature = '';
    view.level = null;
    view.image = 'none';
  }

  /**
   * Forgets that anything was baked (the GPU lost the textures' contents): cached bakes no longer match any
   * signature, so they are drawn again into the same targets, and views show their placeholder until then.
   */
  invalidateAll(): void {
    for (const key of this.cache.lru.keys()) {
      const baked = this.cache.lru.peek(key);
      if (baked) baked.signature = '';
    }
    for (const view of this.views.views.values()) {
      this.release(view);
      this.views.show(view, null);
    }
  }

  run(frame: BakeFrame): void {
    this.lastFrameBakes = 0;
    this.lastFrameBakeMs = 0;
    this.backlog = 0;
    this.imagesWaiting = 0;
    const imagesOnly = this.limits.imagesOnly === true;
    const spec = LOD_SPECS[frame.lod];
    if (!spec.detail || this.views.isDotMode) return;
    const lazy = expandRect(frame.viewport, IMAGE_LAZY_MARGIN_PX / frame.zoom);
    const cx = frame.viewport.x + frame.viewport.width / 2;
    const cy = frame.viewport.y + frame.viewport.height / 2;
    const todo: { view: CardView; image: ImageState; signature: string; priority: number }[] = [];
    const deferBakes = frame.moving && !bakesWhileMoving(frame.lod, frame.slowMachine);

    for (const view of this.views.views.values()) {
      if (frame.moving && view.level !== null && view.level !== frame.lod) continue;
      const card = this.store.cards[view.index];
      const rect = cardRect(card);
      const distance = Math.hypot(rect.x + rect.width / 2 - cx, rect.y + rect.height / 2 - cy);
      const inView = rectsIntersect(rect, frame.viewport);
      if (!rectsIntersect(rect, lazy)) continue;
      const imageIndex = frame.imageIndex(card.id);
      const image = this.requestImage(card, imageIndex, frame, distance);
      if (imagesOnly) {
        if (inView && image.status === 'loading') this.imagesWaiting++;
        continue;
      }
      if (spec.detail === 'full' && card.images.length > 1) {
        // Spec: the next and previous gallery images are preloaded.
        for (const step of [1, -1])
          this.requestImage(
            card,
            (imageIndex + step + card.images.length) % card.images.length,
            frame,
            distance + 4000,
          );
      }
      if (image.status === 'loading' && frame.now - image.since < (this.limits.imageWaitMs ?? IMAGE_WAIT_MS)) continue;
      const signature = `${frame.lod}|${this.store.contentHashes[view.index]}|${imageIndex}|${image.status === 'ready' ? `r${image.width}` : image.status}|${frame.matte(card)}|${frame.resolution}`;
      if (signature === view.signature) continue;
      const key = BakeCache.key(card.id, frame.lod);
      const cached = this.cache.lru.get(key);
      if (cached && cached.signature === signature) {
        this.assign(view, key, cached.target.texture, signature, frame.lod, cached.image);
        continue;
      }
      if (frame.moving && !inView && view.level !== null) continue;
      if (deferBakes) {
        this.backlog++;
        continue;
      }
      todo.push({ view, image, signature, priority: inView ? distance : distance + 1e9 });
    }

    todo.sort((a, b) => a.priority - b.priority);
    let pixels = frame.moving ? this.limits.movingPixels : this.limits.idlePixels;
    const start = performance.now();
    const jobs: BakeJob[] = [];
    const finish: (() => void)[] = [];
    const pinned: string[] = [];
    for (const item of todo) {
      const card = this.store.cards[item.view.index];
      const layout = cardLayout(card.orientation, spec.detail);
      const px = bakePixelSize(spec, layout.width, layout.height, frame.resolution);
      const cost = px.width * px.height + BAKE_PASS_COST_PX;
      // At least one bake a frame, so a big card never starves.
      if ((jobs.length > 0 && cost > pixels) || performance.now() - start > this.limits.budgetMs) {
        this.backlog++;
        continue;
      }
      pixels -= cost;
      if (item.image.status === 'ready') {
        this.images.pin(item.image.key);
        pinned.push(item.image.key);
      }
      const { job, done } = this.plan(item.view, item.image, item.signature, frame, px);
      jobs.push(job);
      finish.push(done);
    }
    if (jobs.length) {
      this.baker.bake(this.renderer, jobs);
      for (const done of finish) done();
      for (const key of pinned) this.images.unpin(key);
    }
    this.bakes += jobs.length;
    this.lastFrameBakes = jobs.length;
    this.lastFrameBakeMs = performance.now() - start;
  }

  /** The image a card shows at this level, as the bakes ask for it (export tiles compose with it). */
  imageFor(card: EngineCard, frame: BakeFrame): ImageState {
    return this.requestImage(card, frame.imageIndex(card.id), frame, 0);
  }

  private requestImage(card: EngineCard, index: number, frame: BakeFrame, priority: number): ImageState {
    const url = card.images[index];
    const spec = LOD_SPECS[frame.lod];
    if (!url || spec.imageWidth === null || !spec.detail) return FAILED;
    const gallery = cardLayout(card.orientation, spec.detail).gallery;
    return this.images.request(
      url,
      spec.imageWidth,
      decodeWidthCap(spec, gallery.width, frame.resolution),
      priority,
      frame.now,
    );
  }

  /** The bake job for a view, and what to do once it is drawn (store it, show it). */
  private plan(
    view: CardView,
    image: ImageState,
    signature: string,
    frame: BakeFrame,
    px: { width: number; height: number },
  ): { job: BakeJob; done: () => void } {
    const card = this.store.cards[view.index];
    const spec = LOD_SPECS[frame.lod];
    const key = BakeCache.key(card.id, frame.lod);
    const cached = this.cache.lru.peek(key);
    const reuse = cached && cached.target.width === px.width && cached.target.height === px.height ? cached : null;
    const target = reuse ? reuse.target : this.cache.acquire(px.width, px.height);
    const status = image.status;
    const job: BakeJob = {
      target,
      input: {
        card,
        detail: spec.detail!,
        imageIndex: frame.imageIndex(card.id),
        image,
        scale: px.width / cardLayout(card.orientation, spec.detail!).width,
        matte: frame.matte(card),
      },
    };
    const done = () => {
      if (reuse) {
        reuse.signature = signature;
        reuse.image = status;
        this.cache.lru.get(key);
        this.assign(view, key, target.texture, signature, frame.lod, status);
        return;
      }
      // storePinned adds a pin for this view; a pin the view held before is given back.
      this.cache.storePinned(key, { target, signature, level: frame.lod, image: status });
      if (view.key) this.cache.lru.unpin(view.key);
      view.key = key;
      view.signature = signature;
      view.level = frame.lod;
      view.image = status;
      this.views.show(view, target.texture);
    };
    return { job, done };
  }

  /** Shows a cached bake on a view, moving the view's pin to it. */
  private assign(
    view: CardView,
    key: string,
    texture: Texture,
    signature: string,
    level: LodLevel,
    image: BakedCard['image'],
  ): void {
    if (view.key !== key) {
      this.cache.lru.pin(key);
      if (view.key) this.cache.lru.unpin(view.key);
      view.key = key;
    }
    view.signature = signature;
    view.level = level;
    view.image = image;
    this.views.show(view, texture);
  }
}
