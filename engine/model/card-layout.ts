/**
 * Where each part of a card sits, in card-local world units, for the two baked looks: 'full' (gallery with
 * previous / next, dots and 'n/total', title, description, game link, tag chips, 'Find similar' bar, bookmark
 * marker; spec board-workspace §2) and 'thumb' (gallery and a large title, on cards too small on screen for the full card's text). The renderer draws
 * from it and the hit test reads it, so what is clicked is what is drawn.
 */
import { GALLERY_HEIGHT, GALLERY_HEIGHT_TALL, GALLERY_TALL_FRAME_WIDTH } from '#shared/constants';
import type { Point, Rect } from '../types';
import { cardSize } from '#shared/card-geometry';
import type { CardOrientation } from '#shared/layout';
import { rectContainsPoint } from './rect';

export type CardDetail = 'full' | 'thumb';

export type TextBox = Rect & { fontSize: number; lineHeight: number; maxLines: number; bold: boolean };

export type CardLayout = {
  width: number;
  height: number;
  radius: number;
  gallery: Rect;
  prevButton: Rect;
  nextButton: Rect;
  counter: Rect;
  /** Centre line of the dots row; dots are `dotSize` wide with `dotGap` between them. */
  dots: { centerX: number; y: number; dotSize: number; dotGap: number };
  title: TextBox;
  description: TextBox | null;
  gameLink: TextBox | null;
  chips: (Rect & { fontSize: number; padding: number; gap: number }) | null;
  /** Thumbnails show the tags as small colour swatches instead of chips. */
  swatches: (Rect & { swatchWidth: number; gap: number }) | null;
  findSimilar: Rect;
  bookmarkMarker: Rect;
};

export type CardPart = 'prev' | 'next' | 'image' | 'bookmark' | 'gameLink' | 'findSimilar' | 'body';

const PAD = 8;
const TEXT_X = 12;
const BUTTON = 26;

function build(orientation: CardOrientation, detail: CardDetail): CardLayout {
  const { width, height } = cardSize(orientation);
  const tall = orientation === 'vertical';
  // Spec: gallery 160 px high, or 300 px for tall images in a 175 px wide frame.
  const gallery: Rect = tall
    ? {
        x: (width - GALLERY_TALL_FRAME_WIDTH) / 2,
        y: PAD,
        width: GALLERY_TALL_FRAME_WIDTH,
        height: GALLERY_HEIGHT_TALL,
      }
    : { x: PAD, y: PAD, width: width - PAD * 2, height: GALLERY_HEIGHT };
  const galleryBottom = gallery.y + gallery.height;
  const midY = gallery.y + gallery.height / 2 - BUTTON / 2;
  const textWidth = width - TEXT_X * 2;
  const barHeight = tall ? 20 : 18;
  const findSimilar: Rect = { x: 0, y: height - barHeight, width, height: barHeight };
  const common = {
    width,
    height,
    radius: 10,
    gallery,
    prevButton: { x: gallery.x + 6, y: midY, width: BUTTON, height: BUTTON },
    nextButton: { x: gallery.x + gallery.width - 6 - BUTTON, y: midY, width: BUTTON, height: BUTTON },
    counter: { x: gallery.x + gallery.width - 46, y: gallery.y + 6, width: 40, height: 18 },
    dots: { centerX: gallery.x + gallery.width / 2, y: galleryBottom - 12, dotSize: 6, dotGap: 5 },
    findSimilar,
    bookmarkMarker: { x: gallery.x, y: gallery.y, width: 30, height: 30 },
  };
  if (detail === 'thumb') {
    // A title twice the full card's, so it stays readable on a card a third of its size; no tag
    // pills: a pill without its text says nothing.
    const fontSize = tall ? 26 : 30;
    const lineHeight = fontSize + 4;
    const title: TextBox = {
      x: TEXT_X,
      y: galleryBottom + 8,
      width: textWidth,
      height: lineHeight * 2,
      fontSize,
      lineHeight,
      maxLines: 2,
      bold: true,
    };
    return { ...common, title, description: null, gameLink: null, chips: null, swatches: null };
  }
  const titleY = galleryBottom + 6;
  const title: TextBox = {
    x: TEXT_X,
    y: titleY,
    width: textWidth,
    height: 19,
    fontSize: 15,
    lineHeight: 19,
    maxLines: 1,
    bold: true,
  };
  const description: TextBox = {
    x: TEXT_X,
    y: titleY + 21,
    width: textWidth,
    height: 30,
    fontSize: 12,
    lineHeight: 15,
    maxLines: 2,
    bold: false,
  };
  const gameLink: TextBox = {
    x: TEXT_X,
    y: description.y + description.height + 4,
    width: textWidth,
    height: 14,
    fontSize: 11,
    lineHeight: 14,
    maxLines: 1,
    bold: false,
  };
  const chipsY = gameLink.y + gameLink.height + 2;
  return {
    ...common,
    title,
    description,
    gameLink,
    chips: { x: TEXT_X, y: chipsY, width: textWidth, height: 15, fontSize: 10, padding: 6, gap: 4 },
    swatches: null,
  };
}

const LAYOUTS: Record<string, CardLayout> = {};
for (const o of ['horizontal', 'vertical'] as const)
  for (const d of ['full', 'thumb'] as const) LAYOUTS[`${o}:${d}`] = build(o, d);

/** The (shared, read-only) layout of a card of this orientation and detail. */
export function cardLayout(orientation: CardOrientation | string, detail: CardDetail): CardLayout {
  return LAYOUTS[`${orientation === 'vertical' ? 'vertical' : 'horizontal'}:${detail}`];
}

/**
 * Which part of a full card a card-local point falls on. Buttons exist only where they are drawn: previous /
 * next with two or more images, the marker on bookmarked cards, the link when the card has one.
 */
export function cardPartAt(
  layout: CardLayout,
  local: Point,
  card: { images: readonly string[]; isBookmarked: boolean; gameLink: string },
): CardPart {
  if (card.isBookmarked && rectContainsPoint(layout.bookmarkMarker, local)) return 'bookmark';
  if (card.images.length > 1) {
    if (rectContainsPoint(layout.prevButton, local)) return 'prev';
    if (rectContainsPoint(layout.nextButton, local)) return 'next';
  }
  if (rectContainsPoint(layout.gallery, local)) return 'image';
  if (rectContainsPoint(layout.findSimilar, local)) return 'findSimilar';
  if (layout.gameLink && card.gameLink && rectContainsPoint(layout.gameLink, local)) return 'gameLink';
  return 'body';
}
