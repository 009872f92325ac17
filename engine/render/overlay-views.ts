/**
 * What is drawn over the cards: rings around highlighted cards (new cards 5 s, highlight(cardId, ms)) and
 * selected cards, and the rubber-band rectangle. Only cards in the visible region get a ring.
 */
import { Container, Graphics, NineSliceSprite, Text } from 'pixi.js';
import type { Rect } from '../types';
import type { ChromeTextures } from './chrome-textures';

const HIGHLIGHT_COLOR = 0xf59e0b;
const SELECTION_COLOR = 0x2563eb;
/** Keyboard focus: dark, so it reads apart from the blue selection and the amber highlight it may sit with. */
const FOCUS_COLOR = 0x111827;
/** Rings sit this far outside the card, in screen pixels. */
const RING_GAP_PX = 4;
/** The focus ring sits outside the others, so a focused card that is also selected shows both. */
const FOCUS_GAP_PX = 9;

/** `flash`: someone else changed the card: a ring in their color (`tint`), their name (`label`) over it. */
export type RingRequest = {
  rect: Rect;
  kind: 'highlight' | 'selection' | 'flash' | 'focus';
  tint?: number;
  label?: string;
};

/** A flash's name tag, in screen pixels. */
const LABEL_FONT_PX = 12;
const LABEL_PAD_PX = 4;

export class OverlayViews {
  readonly container = new Container();
  private readonly rings: NineSliceSprite[] = [];
  private readonly band = new Graphics();
  private readonly labels: { tag: Container; back: Graphics; text: Text }[] = [];

  constructor(private readonly chrome: ChromeTextures) {
    this.container.eventMode = 'none';
    this.container.addChild(this.band);
  }

  update(rings: readonly RingRequest[], zoom: number, rubberBand: Rect | null, pulse: number): void {
    while (this.rings.length < rings.length) {
      const ring = new NineSliceSprite({
        texture: this.chrome.ring,
        leftWidth: 16,
        rightWidth: 16,
        topHeight: 16,
        bottomHeight: 16,
      });
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
      ring.tint =
        r.kind === 'flash'
          ? (r.tint ?? SELECTION_COLOR)
          : r.kind === 'highlight'
            ? HIGHLIGHT_COLOR
            : r.kind === 'focus'
              ? FOCUS_COLOR
              : SELECTION_COLOR;
      ring.alpha = r.kind === 'highlight' ? 0.6 + 0.4 * pulse : 1;
      const g = r.kind === 'focus' ? FOCUS_GAP_PX / zoom : gap;
      ring.position.set(r.rect.x - g, r.rect.y - g);
      ring.scale.set(s);
      ring.width = (r.rect.width + g * 2) / s;
      ring.height = (r.rect.height + g * 2) / s;
    });
    this.updateLabels(
      rings.filter((r) => r.kind === 'flash' && r.label),
      s,
      gap,
    );
    this.band.clear();
    if (rubberBand) {
      this.band.rect(rubberBand.x, rubberBand.y, rubberBand.width, rubberBand.height);
      this.band.fill({ color: SELECTION_COLOR, alpha: 0.08 });
      this.band.stroke({ color: SELECTION_COLOR, width: 1 / zoom, alpha: 0.8 });
    }
  }

  /** Name tags of flashes: above the card's top-left corner, at a fixed screen size whatever the zoom. */
  private updateLabels(flashes: readonly RingRequest[], scale: number, gap: number): void {
    while (this.labels.length < flashes.length) {
      const tag = new Container();
      const back = new Graphics();
      const text = new Text({
        text: '',
        style: {
          fontFamily: 'Inter, system-ui, sans-serif',
          fontSize: LABEL_FONT_PX,
          fontWeight: '600',
          fill: 0xffffff,
        },
      });
      text.position.set(LABEL_PAD_PX, LABEL_PAD_PX / 2);
      tag.addChild(back, text);
      this.labels.push({ tag, back, text });
      this.container.addChild(tag);
    }
    this.labels.forEach((label, i) => {
      const r = flashes[i];
      label.tag.visible = !!r;
      if (!r) return;
      if (label.text.text !== r.label) label.text.text = r.label!;
      const width = label.text.width + LABEL_PAD_PX * 2;
      const height = LABEL_FONT_PX + LABEL_PAD_PX * 2;
      label.back.clear();
      label.back.roundRect(0, 0, width, height, 4).fill({ color: r.tint ?? SELECTION_COLOR });
      label.tag.scale.set(scale);
      label.tag.position.set(r.rect.x - gap, r.rect.y - gap - height * scale);
    });
  }

  destroy(): void {
    this.container.destroy({ children: true });
  }
}
