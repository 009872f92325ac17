/**
 * The Pixi objects of the cards in the visible region, and nothing else: one sprite per card (its baked
 * texture, or a flat placeholder until baked), taken from a pool and given back when the card leaves; in dot
 * mode one particle per card in a ParticleContainer instead. Positions, stacking and animation offsets are
 * applied here each frame; what texture a sprite shows is decided by the BakeScheduler. On Canvas 2D, dot mode
 * fills rectangles instead (cheaper there than any sprite).
 */
import { Container, Particle, ParticleContainer, RenderTexture, Sprite, Texture, type Renderer } from 'pixi.js';
import type { BoardStore } from '../model/board-store';
import { cardSize } from '#shared/card-geometry';
import { LOD_SPECS, type LodLevel } from '../model/lod';
import type { EngineCard } from '../types';
import type { FillRect } from './fill-rects';

export type CardView = {
  index: number;
  cardId: number;
  sprite: Sprite;
  /** Bake-cache key this view holds a pin on, or null while it shows the placeholder. */
  key: string | null;
  signature: string;
  level: LodLevel | null;
  /** The image state the shown texture was baked with. */
  image: 'ready' | 'loading' | 'failed' | 'none';
};

export type CardPose = { dx: number; dy: number; alpha: number };

export class CardViews {
  readonly sprites = new Container({ sortableChildren: true });
  readonly dots = new ParticleContainer<Particle>({
    texture: Texture.WHITE,
    dynamicProperties: { position: false, vertex: false, rotation: false, uvs: false, color: false },
  });
  readonly views = new Map<number, CardView>();
  private readonly spritePool: Sprite[] = [];
  private readonly particlePool: Particle[] = [];
  private dotMode = false;
  /** Placeholders are white card bodies at the full levels, flat dot-coloured blocks at the thumbnail levels. */
  private flatPlaceholders = false;
  private dotsRevision = -1;
  /** Without particles (Canvas 2D), dots are filled rectangles: these cards, in these colours. */
  private dotIndices: readonly number[] = [];
  private dotColors: number[] = [];

  constructor(
    private readonly store: BoardStore,
    private readonly onRelease: (view: CardView) => void,
    /** A card's flat colour: its dot in dot mode, its placeholder until it is baked. */
    private readonly dotColor: (card: EngineCard) => number,
    /** Dot mode through a ParticleContainer (WebGL) or as filled rectangles (Canvas 2D fills are cheapest). */
    private readonly useParticles = true,
  ) {
    this.sprites.eventMode = 'none';
    this.dots.eventMode = 'none';
    this.dots.visible = false;
    // Dots are flat opaque blocks: no blending.
    this.dots.blendMode = 'none';
  }

  get count(): number {
    if (!this.dotMode) return this.views.size;
    return this.useParticles ? this.dots.particleChildren.length : this.dotIndices.length;
  }

  /** Dot mode without particles: the dots as rectangles in canvas pixels. */
  dotRects(view: { zoom: number; offset: { x: number; y: number } }, resolution: number): FillRect[] {
    if (!this.dotMode || this.useParticles) return [];
    const k = view.zoom * resolution;
    return this.dotIndices.map((index, i) => {
      const card = this.store.cards[index];
      const size = cardSize(card.orientation);
      const x = Math.round((card.position.x * view.zoom + view.offset.x) * resolution);
      const y = Math.round((card.position.y * view.zoom + view.offset.y) * resolution);
      return {
        x,
        y,
        width: Math.max(1, Math.round(size.width * k)),
        height: Math.max(1, Math.round(size.height * k)),
        color: this.dotColors[i],
      };
    });
  }

  /**
   * Draws one dot into a 1 × 1 target, so the particle shader is compiled now and not in the first dot-mode
   * frame of a zoom-out (software WebGL spent 85 ms there).
   */
  warmUp(renderer: Renderer): void {
    if (!this.useParticles) return;
    const dots = new ParticleContainer<Particle>({ texture: Texture.WHITE });
    dots.blendMode = 'none';
    dots.addParticle(new Particle({ texture: Texture.WHITE }));
    const target = RenderTexture.create({ width: 1, height: 1 });
    renderer.render({ container: dots, target });
    dots.destroy();
    target.destroy(true);
  }

  get isDotMode(): boolean {
    return this.dotMode;
  }

  /** Makes the set of views exactly `indices` (store indices), reusing what is already there. */
  rebuild(indices: readonly number[], lod: LodLevel): void {
    const dotMode = lod === 'dot';
    const wanted = new Set(indices);
    for (const [index, view] of this.views) if (!wanted.has(index) || dotMode) this.release(view);
    this.dotMode = dotMode;
    this.sprites.visible = !dotMode;
    this.dots.visible = dotMode;
    if (dotMode) {
      this.rebuildDots(indices);
      return;
    }
    this.clearDots();
    const flat = LOD_SPECS[lod].detail !== 'full';
    if (flat !== this.flatPlaceholders) {
      this.flatPlaceholders = flat;
      for (const view of this.views.values()) if (view.key === null) this.show(view, null);
    }
    for (const index of indices) if (!this.views.has(index)) this.views.set(index, this.acquire(index));
  }

  /** Re-places dots after the board changed under them (drag, patch) while in dot mode. */
  refreshDots(indices: readonly number[]): void {
    if (this.dotMode && this.dotsRevision !== this.store.revision) this.rebuildDots(indices);
  }

  /** Positions every card sprite, with its animation pose and stacking rank. */
  layout(pose: (cardId: number) => CardPose | null, rank: (card: EngineCard) => number): void {
    for (const view of this.views.values()) {
      const card = this.store.cards[view.index];
      const p = pose(card.id);
      const s = view.sprite;
      s.position.set(card.position.x + (p?.dx ?? 0), card.position.y + (p?.dy ?? 0));
      s.alpha = p?.alpha ?? 1;
      s.visible = s.alpha > 0;
      // Opaque cards replace pixels instead of blending them; a fading card needs blending.
      s.blendMode = s.alpha < 1 ? 'normal' : 'none';
      const z = rank(card);
      if (s.zIndex !== z) s.zIndex = z;
    }
  }

  /**
   * Shows a baked texture on a view, or with `null` its placeholder: a white card body when zoomed in; zoomed
   * out to thumbnails, a flat block in the card's dot colour, so cards not baked yet look like dot mode's
   * blocks rather than empty white cards.
   */
  show(view: CardView, texture: Texture | null): void {
    const card = this.store.cards[view.index];
    const size = cardSize(card.orientation);
    view.sprite.texture = texture ?? Texture.WHITE;
    view.sprite.tint = texture || !this.flatPlaceholders ? 0xffffff : this.dotColor(card);
    view.sprite.setSize(size.width, size.height);
  }

  releaseAll(): void {
    for (const view of this.views.values()) this.release(view);
    this.clearDots();
  }

  destroy(): void {
    this.releaseAll();
    for (const s of this.spritePool) s.destroy();
    this.sprites.destroy({ children: true });
    this.dots.destroy();
  }

  private acquire(index: number): CardView {
    const sprite = this.spritePool.pop() ?? new Sprite(Texture.WHITE);
    sprite.eventMode = 'none';
    const view: CardView = {
      index,
      cardId: this.store.cards[index].id,
      sprite,
      key: null,
      signature: '',
      level: null,
      image: 'none',
    };
    this.show(view, null);
    this.sprites.addChild(sprite);
    return view;
  }

  private release(view: CardView): void {
    this.onRelease(view);
    this.views.delete(view.index);
    this.sprites.removeChild(view.sprite);
    view.sprite.texture = Texture.WHITE;
    this.spritePool.push(view.sprite);
  }

  private rebuildDots(indices: readonly number[]): void {
    if (!this.useParticles) {
      this.dotIndices = indices;
      this.dotColors = indices.map((i) => this.dotColor(this.store.cards[i]));
      this.dotsRevision = this.store.revision;
      return;
    }
    const particles = this.dots.particleChildren;
    while (particles.length > indices.length) this.particlePool.push(particles.pop()!);
    while (particles.length < indices.length)
      particles.push(this.particlePool.pop() ?? new Particle({ texture: Texture.WHITE }));
    for (let i = 0; i < indices.length; i++) {
      const card = this.store.cards[indices[i]];
      const size = cardSize(card.orientation);
      const p = particles[i];
      p.x = card.position.x;
      p.y = card.position.y;
      p.scaleX = size.width;
      p.scaleY = size.height;
      p.tint = this.dotColor(card);
    }
    this.dots.update();
    this.dotsRevision = this.store.revision;
  }

  private clearDots(): void {
    this.dotIndices = [];
    this.dotColors = [];
    const particles = this.dots.particleChildren;
    if (!particles.length) return;
    this.particlePool.push(...particles);
    particles.length = 0;
    this.dots.update();
  }
}
