/**
 * What is drawn over the cards: rings around highlighted cards (new cards 5 s, highlight(cardId, ms)) and
 * selected cards, and the rubber-band rectangle. Only cards in the visible region get a ring.
 */
import { Container, Graphics, NineSliceSprite } from 'pixi.js';
import type { Rect } from '../types';
import type { ChromeTextures } from './chrome-textures';

const HIGHLIGHT_COLOR = 0xf59e0b;
const SELECTION_COLOR = 0x2563eb;
/** Rings sit this far outside the card, in screen pixels. */
const RING_GAP_PX = 4;

export type RingRequest = { rect: Rect; kind: 'highlight' | 'selection' };

export class OverlayViews {
  readonly container = new Container();
  private readonly rings: NineSliceSprite[] = [];
  private readonly band = new Graphics();

  constructor(private readonly chrome: ChromeTextures) {
    this.container.eventMode = 'none';
    this.container.addChild(this.band);
  }

  update(rings: readonly RingRequest[], zoom: number, rubberBand: Rect | null, pulse: number): void {
    while (this.rings.length < rings.length) {
      const ring = new NineSliceSprite({ texture: this.chrome.ring, leftWidth: 16, rightWidth: 16, topHeight: 16, bottomHeight: 16 });
      this.rings.push(ring);
      this.container.addChildAt(ring, 0);
    }
    const gap = RING_GAP_PX / zoom;
    // Ring corners keep their screen size: scale the sprite by 1/zoom and size it in screen units.
    const s = 1 / Math.max(zoom, 0.05);
    this.rings.forEach((ring, i) => {
      const r = rings[i];
      ring.visible = !!r;
      if (!r) return;
      ring.tint = r.kind === 'highlight' ? HIGHLIGHT_COLOR : SELECTION_COLOR;
      ring.alpha = r.kind === 'highlight' ? 0.6 + 0.4 * pulse : 1;
      ring.position.set(r.rect.x - gap, r.rect.y - gap);
      ring.scale.set(s);
      ring.width = (r.rect.width + gap * 2) / s;
      ring.height = (r.rect.height + gap * 2) / s;
    });
    this.band.clear();
    if (rubberBand) {
      this.band.rect(rubberBand.x, rubberBand.y, rubberBand.width, rubberBand.height);
      this.band.fill({ color: SELECTION_COLOR, alpha: 0.08 });
      this.band.stroke({ color: SELECTION_COLOR, width: 1 / zoom, alpha: 0.8 });
    }
  }

  destroy(): void {
    this.container.destroy({ children: true });
  }
}
