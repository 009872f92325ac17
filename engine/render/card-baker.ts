/**
 * Bakes cards into their targets, batched: every card bound for the same atlas page is drawn in one render pass
 * (the slots are first filled with the card's white without drawing, so no full-card quad is drawn); cards
 * with a render texture of their own get a pass each. A pool of composers holds one scene per card of a pass.
 */
import { Container, type Renderer, type RenderTexture } from 'pixi.js';
import { composePasses } from '../model/compose-passes';
import { fillRects, type FillRect } from './fill-rects';
import type { BakeTarget } from './bake-cache';
import { CardComposer, type ComposeInput } from './card-composer';
import type { ChromeTextures } from './chrome-textures';
import type { CanvasTexts } from '../types';

export type BakeJob = { target: BakeTarget; input: ComposeInput };
/** A card composed straight into a target at (x, y), `width` × `height` target pixels (export tiles). */
export type ComposeJob = { input: ComposeInput; x: number; y: number; width: number; height: number };

/** Card white, as a premultiplied clear colour. */
const CARD_CLEAR: [number, number, number, number] = [1, 1, 1, 1];
const EDGE_COLOR = 0xe2e4e9;
/** Cards drawn in one pass at most (each needs its own composer scene). */
const MAX_PER_PASS = 16;

export class CardBaker {
  private readonly composers: CardComposer[] = [];
  private readonly batch = new Container();
  passes = 0;

  constructor(
    private readonly chrome: ChromeTextures,
    private readonly texts: CanvasTexts,
  ) {}

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
      for (let start = 0; start < list.length; start += MAX_PER_PASS)
        this.bakePage(renderer, list.slice(start, start + MAX_PER_PASS));
    }
  }

  /**
   * Draws cards straight into `target` (an export tile): each card's rectangle cleared to its white, then its
   * content, in the given order (bottom first). Cards that overlap go to separate passes, so a later card's
   * white never lands on an earlier card's content in the same pass.
   */
  composeInto(renderer: Renderer, target: RenderTexture, jobs: readonly ComposeJob[]): void {
    for (const pass of composePasses(jobs, MAX_PER_PASS)) {
      renderer.renderTarget.bind({ target, clear: false });
      fillRects(
        renderer,
        pass.map((job) => clipped(job, target.width, target.height)),
        false,
      );
      pass.forEach((job, i) => this.batch.addChild(this.composer(i).prepare(job.input, job)));
      renderer.render({ container: this.batch, target, clear: false });
      this.batch.removeChildren();
      this.passes++;
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
      rects.push({
        x: Math.max(0, s.x - 1),
        y: Math.max(0, s.y - 1),
        width: s.width + 2,
        height: s.height + 2,
        color: EDGE_COLOR,
      });
      rects.push({ x: s.x, y: s.y, width: s.width, height: s.height, color: 0xffffff });
    }
    fillRects(renderer, rects, false);
    jobs.forEach((job, i) => this.batch.addChild(this.composer(i).prepare(job.input, job.target.slot!)));
    renderer.render({ container: this.batch, target: page, clear: false });
    this.batch.removeChildren();
    this.passes++;
  }

  private composer(i: number): CardComposer {
    while (this.composers.length <= i) this.composers.push(new CardComposer(this.chrome, this.texts));
    return this.composers[i];
  }
}

/** A card's white, cut to the target (a scissor outside it is an error on some drivers). */
function clipped(job: ComposeJob, width: number, height: number): FillRect {
  const x = Math.max(0, job.x);
  const y = Math.max(0, job.y);
  return {
    x,
    y,
    width: Math.min(width, job.x + job.width) - x,
    height: Math.min(height, job.y + job.height) - y,
    color: 0xffffff,
  };
}
