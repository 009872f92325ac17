/**
 * Bakes cards into their targets, batched: every card bound for the same atlas page is drawn in one render pass
 * (the slots are first filled with the card's white without drawing, so no full-card quad is drawn); cards
 * with a render texture of their own get a pass each. A pool of composers holds one scene per card of a pass.
 */
import { Container, type Renderer } from 'pixi.js';
import { fillRects, type FillRect } from './fill-rects';
import type { BakeTarget } from './bake-cache';
import { CardComposer, type ComposeInput } from './card-composer';
import type { ChromeTextures } from './chrome-textures';

export type BakeJob = { target: BakeTarget; input: ComposeInput };

/** Card white, as a premultiplied clear colour. */
const CARD_CLEAR: [number, number, number, number] = [1, 1, 1, 1];
const EDGE_COLOR = 0xe2e4e9;
/** Cards drawn in one pass at most (each needs its own composer scene). */
const MAX_PER_PASS = 16;

export class CardBaker {
  private readonly composers: CardComposer[] = [];
  private readonly batch = new Container();
  passes = 0;

  constructor(private readonly chrome: ChromeTextures) {}

  bake(renderer: Renderer, jobs: readonly BakeJob[]): void {
    const byPage = new Map<unknown, BakeJob[]>();
    for (const job of jobs) {
      if (!job.target.slot) {
        const root = this.composer(0).prepare(job.input, { x: 0, y: 0 });
        renderer.render({ container: root, target: job.target.texture, clear: true, clearColor: CARD_CLEAR });
        this.passes++;
        continue;
      }
      const list = byPage.get(job.target.slot.page) ?? [];
      list.push(job);
      byPage.set(job.target.slot.page, list);
    }
    for (const list of byPage.values()) {
      for (let start = 0; start < list.length; start += MAX_PER_PASS) this.bakePage(renderer, list.slice(start, start + MAX_PER_PASS));
    }
  }

  destroy(): void {
    this.batch.removeChildren();
    for (const c of this.composers) c.destroy();
    this.batch.destroy();
  }

  private bakePage(renderer: Renderer, jobs: readonly BakeJob[]): void {
    const page = jobs[0].target.slot!.page.texture;
    renderer.renderTarget.bind({ target: page, clear: false });
    // A one-pixel ring in the border colour first, so filtering at the card's edge blends with its own border,
    // not with whatever lies between slots; then the slot in the card's white.
    const rects: FillRect[] = [];
    for (const job of jobs) {
      const s = job.target.slot!;
      rects.push({ x: Math.max(0, s.x - 1), y: Math.max(0, s.y - 1), width: s.width + 2, height: s.height + 2, color: EDGE_COLOR });
      rects.push({ x: s.x, y: s.y, width: s.width, height: s.height, color: 0xffffff });
    }
    fillRects(renderer, rects, false);
    jobs.forEach((job, i) => this.batch.addChild(this.composer(i).prepare(job.input, job.target.slot!)));
    renderer.render({ container: this.batch, target: page, clear: false });
    this.batch.removeChildren();
    this.passes++;
  }

  private composer(i: number): CardComposer {
    while (this.composers.length <= i) this.composers.push(new CardComposer(this.chrome));
    return this.composers[i];
  }
}
