/**
 * Atlas pages for baked cards: a page is one render texture cut into equal slots for one bake size, so many
 * cards are baked in one render pass (a pass has a fixed cost, high on software WebGL) and drawn from one
 * texture (one batch). Slots are padded so linear filtering never bleeds a neighbour in. Bakes too large for a
 * page get their own render texture (BakeCache does that).
 */
import { Rectangle, RenderTexture, Texture } from 'pixi.js';

const PADDING = 2;

export type AtlasSlot = {
  page: AtlasPage;
  index: number;
  texture: Texture;
  x: number;
  y: number;
  width: number;
  height: number;
};

export class AtlasPage {
  readonly texture: RenderTexture;
  readonly cols: number;
  readonly rows: number;
  private readonly free: number[] = [];
  used = 0;

  constructor(
    readonly size: number,
    readonly slotWidth: number,
    readonly slotHeight: number,
  ) {
    this.texture = RenderTexture.create({
      width: size,
      height: size,
      resolution: 1,
      antialias: false,
      scaleMode: 'linear',
    });
    this.cols = Math.floor(size / (slotWidth + PADDING));
    this.rows = Math.floor(size / (slotHeight + PADDING));
    for (let i = this.cols * this.rows - 1; i >= 0; i--) this.free.push(i);
  }

  get full(): boolean {
    return this.free.length === 0;
  }

  take(): AtlasSlot {
    const index = this.free.pop()!;
    this.used++;
    const x = (index % this.cols) * (this.slotWidth + PADDING);
    const y = Math.floor(index / this.cols) * (this.slotHeight + PADDING);
    const texture = new Texture({
      source: this.texture.source,
      frame: new Rectangle(x, y, this.slotWidth, this.slotHeight),
    });
    return { page: this, index, texture, x, y, width: this.slotWidth, height: this.slotHeight };
  }

  give(slot: AtlasSlot): void {
    this.free.push(slot.index);
    this.used--;
    // The slot's texture is a view on the page: destroying it leaves the page alone.
    slot.texture.destroy(false);
  }

  get bytes(): number {
    return this.size * this.size * 4;
  }
}

export class BakeAtlas {
  private readonly pages = new Map<string, AtlasPage[]>();

  /** Whether a bake of this pixel size goes in the atlas (small enough to share a page). */
  fits(width: number, height: number): boolean {
    return width <= 1024 && height <= 1024;
  }

  acquire(width: number, height: number): AtlasSlot {
    const key = `${width}x${height}`;
    const list = this.pages.get(key) ?? [];
    this.pages.set(key, list);
    let page = list.find((p) => !p.full);
    if (!page) {
      // Small bakes share 1024² pages (4 MB), larger ones 2048² pages.
      page = new AtlasPage(width <= 256 && height <= 256 ? 1024 : 2048, width, height);
      list.push(page);
    }
    return page.take();
  }

  /** Frees a slot; an emptied page is destroyed unless it is the last of its size. */
  release(slot: AtlasSlot, destroyPage: (page: AtlasPage) => void): void {
    const page = slot.page;
    page.give(slot);
    if (page.used > 0) return;
    const key = `${page.slotWidth}x${page.slotHeight}`;
    const list = this.pages.get(key) ?? [];
    if (list.length > 1) {
      list.splice(list.indexOf(page), 1);
      destroyPage(page);
    }
  }

  /** Destroys every empty page (board unloaded). */
  trim(destroyPage: (page: AtlasPage) => void): void {
    for (const [key, list] of this.pages) {
      const kept = list.filter((p) => p.used > 0);
      for (const p of list) if (p.used === 0) destroyPage(p);
      if (kept.length) this.pages.set(key, kept);
      else this.pages.delete(key);
    }
  }

  get pageCount(): number {
    let n = 0;
    for (const list of this.pages.values()) n += list.length;
    return n;
  }

  get bytes(): number {
    let n = 0;
    for (const list of this.pages.values()) for (const p of list) n += p.bytes;
    return n;
  }
}
