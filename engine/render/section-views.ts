/**
 * Sections: coloured rounded areas with their title (spec board-workspace §3), a resize grip, a highlight when
 * they are the drop target, and for free-plan locked sections the dashed 'Premium Section' placeholder with
 * empty card slots and an upgrade button (spec accounts §4). Their large coloured areas are not drawn as quads:
 * each is a plain fill of the canvas (fill-rects: a memory fill, no shading — fill rate is what software and
 * weak GPUs lack), rounded by four small corner masks. Titles keep at least 8 px on screen when zoomed out and hide when
 * they no longer fit.
 */
import { BitmapText, Container, Graphics, NineSliceSprite, type Renderer, Sprite } from 'pixi.js';
import { rectsIntersect } from '../model/rect';
import {
  lockedSlotRects,
  RESIZE_HANDLE_SCREEN_PX,
  SECTION_HEADER_HEIGHT,
  SECTION_RADIUS,
  SECTION_TITLE_FONT_SIZE,
  sectionRect,
  upgradeButtonRect,
} from '../model/section-layout';
import { fitLine } from '../model/text-fit';
import type { CameraView, CanvasTexts, EngineSection, Rect } from '../types';
import type { ChromeTextures } from './chrome-textures';
import { fillRects, type FillRect } from './fill-rects';
import { fontName, measurer } from './fonts';

type SectionView = {
  root: Container;
  corners: Sprite[];
  title: BitmapText;
  grip: Sprite;
  ring: NineSliceSprite;
  locked: Container | null;
  drawnKey: string;
};

const MIN_TITLE_SCREEN_PX = 8;
const GRIP_COLOR = 0x9ca3af;
const DROP_RING_COLOR = 0x2563eb;
const LOCKED_COLOR = 0xf3f4f6;
/** Corners smaller than this on screen are not worth masking. */
const MIN_CORNER_SCREEN_PX = 2;

export function parseColor(value: string, fallback = 0xe5e7eb): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(value.trim());
  return m ? parseInt(m[1], 16) : fallback;
}

export class SectionViews {
  readonly container = new Container();
  private views: SectionView[] = [];
  private sections: readonly EngineSection[] = [];
  /**
   * While an export draws: no resize grips, no drop ring, and a free plan's locked placeholders are
   * left out altogether, fill and all, as the PDF and Markdown exports leave locked sections out.
   */
  exportLook = false;

  constructor(
    private readonly chrome: ChromeTextures,
    private readonly background: number,
    private readonly texts: CanvasTexts,
  ) {
    this.container.eventMode = 'none';
  }

  setSections(sections: readonly EngineSection[]): void {
    this.sections = sections;
    while (this.views.length > sections.length) this.views.pop()!.root.destroy({ children: true });
    while (this.views.length < sections.length) this.views.push(this.createView());
    for (const v of this.views) v.drawnKey = '';
  }

  /** Re-draws what changed and hides sections outside `region`. */
  update(region: Rect, zoom: number, dropSectionId: number | null): void {
    const showCorners = SECTION_RADIUS * zoom >= MIN_CORNER_SCREEN_PX;
    this.sections.forEach((s, i) => {
      const view = this.views[i];
      view.root.visible = rectsIntersect(sectionRect(s), region) && !(this.exportLook && s.locked);
      if (!view.root.visible) return;
      const titleScale = Math.max(1, MIN_TITLE_SCREEN_PX / (SECTION_TITLE_FONT_SIZE * zoom));
      const font = fontName(true, SECTION_TITLE_FONT_SIZE, zoom * titleScale);
      const key = `${s.position.x},${s.position.y},${s.size.width},${s.size.height},${s.title},${!!s.locked},${titleScale.toFixed(2)},${font}`;
      if (key !== view.drawnKey) this.draw(view, s, titleScale, font);
      view.drawnKey = key;
      for (const c of view.corners) c.visible = showCorners;
      view.ring.visible = dropSectionId === s.id && !this.exportLook;
      view.grip.visible = !s.locked && !this.exportLook;
      const grip = RESIZE_HANDLE_SCREEN_PX / zoom;
      view.grip.position.set(s.size.width - grip * 0.75, s.size.height - grip * 0.75);
      view.grip.setSize(grip * 0.5, grip * 0.5);
    });
  }

  /**
   * Fills each visible section's rectangle with its colour by a scissored clear of the bound canvas. Call after
   * the canvas was cleared to the board colour and before the stage is drawn without clearing.
   */
  fillBackgrounds(renderer: Renderer, view: CameraView, resolution: number, flipY = true): void {
    const rects: FillRect[] = [];
    this.sections.forEach((s, i) => {
      if (!this.views[i].root.visible) return;
      const x0 = Math.round((s.position.x * view.zoom + view.offset.x) * resolution);
      const y0 = Math.round((s.position.y * view.zoom + view.offset.y) * resolution);
      const x1 = Math.round(((s.position.x + s.size.width) * view.zoom + view.offset.x) * resolution);
      const y1 = Math.round(((s.position.y + s.size.height) * view.zoom + view.offset.y) * resolution);
      rects.push({
        x: x0,
        y: y0,
        width: x1 - x0,
        height: y1 - y0,
        color: s.locked ? LOCKED_COLOR : parseColor(s.color),
      });
    });
    fillRects(renderer, rects, flipY);
  }

  destroy(): void {
    this.container.destroy({ children: true });
    this.views = [];
  }

  private createView(): SectionView {
    const root = new Container();
    const corners = [0, 1, 2, 3].map(() => {
      const c = new Sprite(this.chrome.cornerMask);
      c.tint = this.background;
      return c;
    });
    const ring = new NineSliceSprite({
      texture: this.chrome.ring,
      leftWidth: 16,
      rightWidth: 16,
      topHeight: 16,
      bottomHeight: 16,
    });
    ring.tint = DROP_RING_COLOR;
    const title = new BitmapText({
      text: '',
      style: { fontFamily: 'LootSansBold', fontSize: SECTION_TITLE_FONT_SIZE, fill: 0x1f2937 },
    });
    const grip = new Sprite(this.chrome.disc);
    grip.tint = GRIP_COLOR;
    root.addChild(...corners, title, grip, ring);
    this.container.addChild(root);
    return { root, corners, title, grip, ring, locked: null, drawnKey: '' };
  }

  private draw(view: SectionView, s: EngineSection, titleScale: number, font: string): void {
    const { width, height } = s.size;
    view.root.position.set(s.position.x, s.position.y);
    const r = Math.min(SECTION_RADIUS, width / 2, height / 2);
    // Top-left, top-right, bottom-right, bottom-left: the mask is mirrored into each corner.
    const placements: [number, number, number, number][] = [
      [0, 0, 1, 1],
      [width, 0, -1, 1],
      [width, height, -1, -1],
      [0, height, 1, -1],
    ];
    view.corners.forEach((c, i) => {
      const [x, y, sx, sy] = placements[i];
      c.position.set(x, y);
      c.scale.set((sx * r) / 16, (sy * r) / 16);
    });
    view.ring.position.set(-4, -4);
    view.ring.setSize(width + 8, height + 8);
    const label = s.locked ? this.texts.lockedTitle : s.title;
    const fitted = fitLine(label, (width - 32) / titleScale, measurer(true, SECTION_TITLE_FONT_SIZE));
    view.title.style.fontFamily = font;
    view.title.text = fitted;
    view.title.scale.set(titleScale);
    view.title.position.set(16, Math.max(8, (SECTION_HEADER_HEIGHT - SECTION_TITLE_FONT_SIZE * titleScale) / 2));
    // Hidden when the enlarged title would cover most of the section.
    view.title.visible = fitted.length > 0 && SECTION_TITLE_FONT_SIZE * titleScale < height * 0.8;
    view.locked?.destroy({ children: true });
    view.locked = s.locked ? this.drawLocked(s) : null;
    if (view.locked) view.root.addChildAt(view.locked, view.corners.length);
  }

  private drawLocked(s: EngineSection): Container {
    const c = new Container();
    const dashes = new Graphics();
    dashedRect(dashes, { x: 2, y: 2, width: s.size.width - 4, height: s.size.height - 4 }, 12, 8);
    dashes.stroke({ width: 2, color: 0x9ca3af });
    c.addChild(dashes);
    for (const slot of lockedSlotRects(s)) {
      const g = new Graphics();
      dashedRect(g, slot, 8, 6);
      g.stroke({ width: 1.5, color: 0xc7cbd3 });
      c.addChild(g);
    }
    const button = upgradeButtonRect(s);
    const pill = new NineSliceSprite({
      texture: this.chrome.pill,
      leftWidth: 7,
      rightWidth: 7,
      topHeight: 7,
      bottomHeight: 7,
    });
    pill.position.set(button.x, button.y);
    pill.setSize(button.width, button.height);
    pill.tint = 0xf59e0b;
    const label = new BitmapText({
      text: this.texts.lockedUpgrade,
      style: { fontFamily: 'LootSansBold', fontSize: 14, fill: 0xffffff },
    });
    const w = measurer(true, 14)(this.texts.lockedUpgrade);
    label.position.set(button.x + (button.width - w) / 2, button.y + (button.height - 16) / 2);
    c.addChild(pill, label);
    return c;
  }
}

function dashedRect(g: Graphics, r: Rect, dash: number, gap: number): void {
  const edges: [number, number, number, number][] = [
    [r.x, r.y, r.x + r.width, r.y],
    [r.x + r.width, r.y, r.x + r.width, r.y + r.height],
    [r.x + r.width, r.y + r.height, r.x, r.y + r.height],
    [r.x, r.y + r.height, r.x, r.y],
  ];
  for (const [x0, y0, x1, y1] of edges) {
    const length = Math.hypot(x1 - x0, y1 - y0);
    for (let d = 0; d < length; d += dash + gap) {
      const e = Math.min(d + dash, length);
      g.moveTo(x0 + ((x1 - x0) * d) / length, y0 + ((y1 - y0) * d) / length);
      g.lineTo(x0 + ((x1 - x0) * e) / length, y0 + ((y1 - y0) * e) / length);
    }
  }
}
