/**
 * Paints one card into a render texture: body, gallery (image, 'Загрузка...' or 'No image', previous / next,
 * dots, 'n/total'), title, description, game link, tag chips in the spec's colours, 'Find similar' bar and the
 * bookmark marker (spec board-workspace §2). One reusable scene of sprites and bitmap texts is re-filled for each
 * card, so baking allocates nothing; the result is one opaque texture per card, corners pre-blended with the
 * colour behind them. Baking is drawing too, so it touches few pixels: the target is cleared to the card's white
 * (no body quad; CardBaker does the clear), the rounded corners and border are small sprites, and the gallery's
 * grey shows only where the image leaves room.
 */
import { BitmapText, Container, NineSliceSprite, Sprite, Texture } from 'pixi.js';
import { tagColor } from '#shared/tag-colors';
import { isOwnCard } from '#shared/own-images';
import { cardLayout, type CardDetail, type CardLayout, type TextBox } from '../model/card-layout';
import { fitLine, wrapLines } from '../model/text-fit';
import type { CanvasTexts, EngineCard, Rect } from '../types';
import { CARD_BORDER, type ChromeTextures } from './chrome-textures';
import { fontName, measurer } from './fonts';
import type { ImageState } from './image-store';

export type ComposeInput = {
  card: EngineCard;
  detail: CardDetail;
  imageIndex: number;
  image: ImageState;
  /** Texture pixels per world unit. */
  scale: number;
  /** Colour behind the card (section or board), painted into the corners. */
  matte: number;
  /**
   * false: the card as an export draws it, without what is there to click: gallery arrows, dots and
   * 'n/total', and the 'Find similar' bar. The board's own bakes keep it (the default).
   */
  chrome?: boolean;
};

const MAX_DOTS = 10;
const BORDER = parseInt(CARD_BORDER.slice(1), 16);
/** Size of the card corner textures (radius 10). */
const CORNER = 10;
const MAX_CHIPS = 6;
const COLORS = { title: 0x111827, text: 0x4b5563, muted: 0x9ca3af, link: 0x2563eb, gallery: 0xf3f4f6, line: 0xeceef2 };

function color(hex: string): number {
  return parseInt(hex.replace('#', ''), 16);
}

export class CardComposer {
  readonly root = new Container();
  private readonly corners: { mask: Sprite; arc: Sprite }[] = [];
  private readonly edges = [0, 1, 2, 3].map(() => new Sprite(Texture.WHITE));
  private readonly gallery: NineSliceSprite;
  private readonly letterbox = [new Sprite(Texture.WHITE), new Sprite(Texture.WHITE)];
  private readonly image = new Sprite();
  private readonly galleryText = text();
  private readonly prev: Sprite;
  private readonly next: Sprite;
  private readonly dots: Sprite[] = [];
  private readonly counterBg: NineSliceSprite;
  private readonly counterText = text();
  private readonly ownBadgeBg: NineSliceSprite;
  private readonly ownBadgeText = text();
  private readonly titleLines = [text(), text()];
  private readonly descLines = [text(), text()];
  private readonly gameText = text();
  private readonly chips: { bg: NineSliceSprite; label: BitmapText }[] = [];
  private readonly swatches: NineSliceSprite[] = [];
  private readonly barLine = new Sprite(Texture.WHITE);
  private readonly barText = text();
  private readonly marker: Sprite;

  constructor(
    private readonly chrome: ChromeTextures,
    private readonly texts: CanvasTexts,
  ) {
    for (let i = 0; i < 4; i++)
      this.corners.push({ mask: new Sprite(chrome.cardCornerMask), arc: new Sprite(chrome.cardCornerArc) });
    this.gallery = new NineSliceSprite({
      texture: chrome.frame,
      leftWidth: 7,
      rightWidth: 7,
      topHeight: 7,
      bottomHeight: 7,
    });
    this.counterBg = new NineSliceSprite({
      texture: chrome.pill,
      leftWidth: 7,
      rightWidth: 7,
      topHeight: 7,
      bottomHeight: 7,
    });
    this.ownBadgeBg = new NineSliceSprite({
      texture: chrome.pill,
      leftWidth: 7,
      rightWidth: 7,
      topHeight: 7,
      bottomHeight: 7,
    });
    this.prev = new Sprite(chrome.prevButton);
    this.next = new Sprite(chrome.nextButton);
    this.marker = new Sprite(chrome.bookmark);
    for (let i = 0; i < MAX_DOTS; i++) this.dots.push(new Sprite(chrome.disc));
    for (let i = 0; i < MAX_CHIPS + 1; i++) {
      this.chips.push({
        bg: new NineSliceSprite({ texture: chrome.pill, leftWidth: 7, rightWidth: 7, topHeight: 7, bottomHeight: 7 }),
        label: text(),
      });
      this.swatches.push(
        new NineSliceSprite({ texture: chrome.pill, leftWidth: 7, rightWidth: 7, topHeight: 7, bottomHeight: 7 }),
      );
    }
    this.root.addChild(
      this.gallery,
      ...this.letterbox,
      this.image,
      this.galleryText,
      this.prev,
      this.next,
      ...this.dots,
    );
    this.root.addChild(
      this.ownBadgeBg,
      this.ownBadgeText,
      this.counterBg,
      this.counterText,
      ...this.titleLines,
      ...this.descLines,
      this.gameText,
    );
    for (const c of this.chips) this.root.addChild(c.bg, c.label);
    this.root.addChild(...this.swatches, this.barLine, this.barText, this.marker, ...this.edges);
    for (const c of this.corners) this.root.addChild(c.mask, c.arc);
  }

  /** Fills the scene with `input`, placed at `origin` (pixels) in its target; returns the scene's root. */
  prepare(input: ComposeInput, origin: { x: number; y: number }): Container {
    this.compose(input);
    this.root.position.set(origin.x, origin.y);
    return this.root;
  }

  private compose(input: ComposeInput): void {
    const { card, detail, scale } = input;
    const layout = cardLayout(card.orientation, detail);
    for (const child of this.root.children) child.visible = false;
    this.root.scale.set(scale);
    this.composeFrame(layout, input.matte);
    this.composeGallery(input, layout);
    this.composeTextBox(this.titleLines, layout.title, card.title || ' ', COLORS.title, scale);
    if (layout.description)
      this.composeTextBox(this.descLines, layout.description, card.description, COLORS.text, scale);
    if (layout.gameLink && (card.game || card.gameLink)) {
      const label = `${card.game || hostOf(card.gameLink)}${card.gameLink ? ' ↗' : ''}`;
      this.setText(
        this.gameText,
        layout.gameLink,
        fitLine(label, layout.gameLink.width, measurer(false, layout.gameLink.fontSize)),
        card.gameLink ? COLORS.link : COLORS.text,
        scale,
      );
    }
    if (layout.chips) this.composeChips(card.tags, layout, scale);
    if (layout.swatches) this.composeSwatches(card.tags, layout);
    if (input.chrome === false) {
      if (card.isBookmarked) place(this.marker, layout.bookmarkMarker);
      return;
    }
    place(this.barLine, { x: 1, y: layout.findSimilar.y, width: layout.width - 2, height: 1 }, COLORS.line);
    if (detail === 'full') {
      const m = measurer(false, 11);
      const w = m(this.texts.findSimilar);
      const box = {
        x: (layout.width - w) / 2,
        y: layout.findSimilar.y + (layout.findSimilar.height - 13) / 2,
        width: w + 2,
        height: 13,
        fontSize: 11,
        lineHeight: 13,
        maxLines: 1,
        bold: false,
      };
      this.setText(this.barText, box, this.texts.findSimilar, COLORS.text, scale);
    }
    if (card.isBookmarked) place(this.marker, layout.bookmarkMarker);
  }

  /** Border lines and corners: the corners are masked with the colour behind the card, then the border arc. */
  private composeFrame(layout: CardLayout, matte: number): void {
    const { width: w, height: h } = layout;
    place(this.edges[0], { x: CORNER, y: 0, width: w - CORNER * 2, height: 1 }, BORDER);
    place(this.edges[1], { x: CORNER, y: h - 1, width: w - CORNER * 2, height: 1 }, BORDER);
    place(this.edges[2], { x: 0, y: CORNER, width: 1, height: h - CORNER * 2 }, BORDER);
    place(this.edges[3], { x: w - 1, y: CORNER, width: 1, height: h - CORNER * 2 }, BORDER);
    // Top-left, top-right, bottom-right, bottom-left: the corner textures are mirrored into place.
    const placements: [number, number, number, number][] = [
      [0, 0, 1, 1],
      [w, 0, -1, 1],
      [w, h, -1, -1],
      [0, h, 1, -1],
    ];
    this.corners.forEach(({ mask, arc }, i) => {
      const [x, y, sx, sy] = placements[i];
      for (const sprite of [mask, arc]) {
        sprite.visible = true;
        sprite.alpha = 1;
        sprite.position.set(x, y);
        sprite.scale.set(sx, sy);
      }
      mask.tint = matte;
    });
  }

  private composeGallery(input: ComposeInput, layout: CardLayout): void {
    const { card, image, detail, scale } = input;
    const g = layout.gallery;
    if (image.status === 'ready') {
      const fit = Math.min(g.width / image.width, g.height / image.height);
      const w = image.width * fit;
      const h = image.height * fit;
      this.image.texture = image.texture;
      const r = { x: g.x + (g.width - w) / 2, y: g.y + (g.height - h) / 2, width: w, height: h };
      place(this.image, r);
      // Grey only in the letterbox bands the image leaves.
      if (g.width - w > 0.5) {
        place(this.letterbox[0], { x: g.x, y: g.y, width: r.x - g.x, height: g.height }, COLORS.gallery);
        place(
          this.letterbox[1],
          { x: r.x + w, y: g.y, width: g.x + g.width - r.x - w, height: g.height },
          COLORS.gallery,
        );
      } else if (g.height - h > 0.5) {
        place(this.letterbox[0], { x: g.x, y: g.y, width: g.width, height: r.y - g.y }, COLORS.gallery);
        place(
          this.letterbox[1],
          { x: g.x, y: r.y + h, width: g.width, height: g.y + g.height - r.y - h },
          COLORS.gallery,
        );
      }
    } else {
      place(this.gallery, g, COLORS.gallery);
      const label = image.status === 'loading' ? this.texts.loadingImage : this.texts.noImage;
      const size = detail === 'full' ? 12 : 22;
      const w = measurer(false, size)(label);
      this.setText(
        this.galleryText,
        {
          x: g.x + (g.width - w) / 2,
          y: g.y + g.height / 2 - size * 0.6,
          width: w + 2,
          height: size,
          fontSize: size,
          lineHeight: size,
          maxLines: 1,
          bold: false,
        },
        label,
        COLORS.muted,
        scale,
      );
    }
    // A user's own image says so with a small 'Own' badge in the gallery's top-left corner.
    if (detail === 'full' && isOwnCard(card)) {
      const bw = measurer(false, 10)(this.texts.ownImageBadge) + 12;
      const badge = { x: g.x + 6, y: layout.counter.y, width: bw, height: layout.counter.height };
      place(this.ownBadgeBg, badge, 0x4f46e5);
      this.setText(
        this.ownBadgeText,
        {
          x: badge.x + 6,
          y: badge.y + 3,
          width: bw,
          height: 12,
          fontSize: 10,
          lineHeight: 12,
          maxLines: 1,
          bold: false,
        },
        this.texts.ownImageBadge,
        0xffffff,
        scale,
      );
    }
    const count = card.images.length;
    if (detail !== 'full' || count < 2 || input.chrome === false) return;
    place(this.prev, layout.prevButton);
    place(this.next, layout.nextButton);
    const counterLabel = `${input.imageIndex + 1}/${count}`;
    const cw = measurer(false, 10)(counterLabel) + 12;
    const counter = { x: g.x + g.width - cw - 6, y: layout.counter.y, width: cw, height: layout.counter.height };
    place(this.counterBg, counter, 0x111827);
    this.counterBg.alpha = 0.65;
    this.setText(
      this.counterText,
      {
        x: counter.x + 6,
        y: counter.y + 3,
        width: cw,
        height: 12,
        fontSize: 10,
        lineHeight: 12,
        maxLines: 1,
        bold: false,
      },
      counterLabel,
      0xffffff,
      scale,
    );
    if (count > MAX_DOTS) return;
    const { centerX, y, dotSize, dotGap } = layout.dots;
    const total = count * dotSize + (count - 1) * dotGap;
    for (let i = 0; i < count; i++) {
      const dot = this.dots[i];
      place(dot, {
        x: centerX - total / 2 + i * (dotSize + dotGap),
        y: y - dotSize / 2,
        width: dotSize,
        height: dotSize,
      });
      dot.alpha = i === input.imageIndex ? 1 : 0.55;
    }
  }

  private composeTextBox(lines: BitmapText[], box: TextBox, value: string, tint: number, scale: number): void {
    const measure = measurer(box.bold, box.fontSize);
    const fitted =
      box.maxLines === 1 ? [fitLine(value, box.width, measure)] : wrapLines(value, box.width, box.maxLines, measure);
    fitted.forEach((line, i) => {
      if (i < lines.length) this.setText(lines[i], { ...box, y: box.y + i * box.lineHeight }, line, tint, scale);
    });
  }

  private composeChips(tags: readonly string[], layout: CardLayout, scale: number): void {
    const row = layout.chips!;
    const measure = measurer(false, row.fontSize);
    let x = row.x;
    let shown = 0;
    for (let i = 0; i < tags.length && shown < MAX_CHIPS; i++) {
      const w = measure(tags[i]) + row.padding * 2;
      const remaining = tags.length - i - 1;
      const reserve = remaining > 0 ? measure(`+${remaining}`) + row.padding * 2 + row.gap : 0;
      if (x + w + reserve > row.x + row.width) break;
      const { bg, text: fg } = tagColor(tags[i]);
      this.chip(
        shown++,
        { x, y: row.y, width: w, height: row.height },
        tags[i],
        color(bg),
        color(fg),
        scale,
        row.fontSize,
        row.padding,
      );
      x += w + row.gap;
    }
    const hidden = tags.length - shown;
    if (hidden > 0) {
      const label = `+${hidden}`;
      this.chip(
        shown,
        { x, y: row.y, width: measure(label) + row.padding * 2, height: row.height },
        label,
        0xe5e7eb,
        0x374151,
        scale,
        row.fontSize,
        row.padding,
      );
    }
  }

  private chip(
    i: number,
    rect: Rect,
    label: string,
    bg: number,
    fg: number,
    scale: number,
    fontSize: number,
    padding: number,
  ): void {
    const chip = this.chips[i];
    place(chip.bg, rect, bg);
    this.setText(
      chip.label,
      {
        x: rect.x + padding,
        y: rect.y + (rect.height - fontSize) / 2 - 1,
        width: rect.width,
        height: fontSize,
        fontSize,
        lineHeight: fontSize,
        maxLines: 1,
        bold: false,
      },
      label,
      fg,
      scale,
    );
  }

  private composeSwatches(tags: readonly string[], layout: CardLayout): void {
    const row = layout.swatches!;
    const n = Math.min(
      tags.length,
      this.swatches.length,
      Math.floor((row.width + row.gap) / (row.swatchWidth + row.gap)),
    );
    for (let i = 0; i < n; i++) {
      place(
        this.swatches[i],
        { x: row.x + i * (row.swatchWidth + row.gap), y: row.y, width: row.swatchWidth, height: row.height },
        color(tagColor(tags[i]).bg),
      );
    }
  }

  private setText(
    t: BitmapText,
    box: Rect & { fontSize: number; bold: boolean; lineHeight?: number; maxLines?: number },
    value: string,
    tint: number,
    scale: number,
  ): void {
    t.style.fontFamily = fontName(box.bold, box.fontSize, scale);
    t.style.fontSize = box.fontSize;
    t.style.fill = tint;
    t.text = value;
    t.position.set(box.x, box.y);
    t.visible = value.length > 0;
  }

  destroy(): void {
    this.root.destroy({ children: true });
  }
}

function text(): BitmapText {
  return new BitmapText({ text: '', style: { fontFamily: 'LootSans', fontSize: 12, fill: 0x111827 } });
}

function place(sprite: Sprite | NineSliceSprite, r: Rect, tint = 0xffffff): void {
  sprite.position.set(r.x, r.y);
  sprite.setSize(r.width, r.height);
  sprite.tint = tint;
  sprite.alpha = 1;
  sprite.visible = true;
}

function hostOf(link: string): string {
  try {
    return new URL(link).hostname;
  } catch {
    return link;
  }
}
