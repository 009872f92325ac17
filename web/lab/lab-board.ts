/**
 * Generated boards for the engine lab and benchmark: sections of 8–40 cards laid out the way the spec's
 * auto-layout does (up to 4 cards a row, padding 25, gap 30, sections 60 apart, loose cards in 5 columns under
 * the sections), with screenshots painted in the page (no network) and one card whose image 404s.
 */
import {
  CARD_HEIGHT_HORIZONTAL,
  CARD_HEIGHT_VERTICAL,
  CARD_WIDTH_HORIZONTAL,
  CARD_WIDTH_VERTICAL,
  LAYOUT_GAP,
  LOOSE_CARD_COLUMNS,
  MAX_CARDS_PER_ROW,
  SECTION_GAP,
  SECTION_PADDING,
  SECTION_PALETTE,
} from '#shared/constants';
import { FEATURE_TAXONOMY } from '#shared/taxonomy';
import type { BoardData, EngineCard, EngineSection } from '#engine/types';

/** A URL that does not exist on our server: the failed-image placeholder case. */
export const BROKEN_IMAGE_URL = '/api/storage/lab/missing-image.webp';
const HEADER = 40;
const LOOSE_FRACTION = 0.08;
const MAX_LOOSE = 120;
const GAMES = [
  'Royal Match',
  'Candy Crush Saga',
  'Clash of Clans',
  'Gardenscapes',
  'Coin Master',
  'Monopoly GO!',
  'Brawl Stars',
  'Merge Mansion',
];
const WORDS =
  'starter pack offer season pass reward chest booster daily login streak event shop bundle level map progress tutorial hint currency energy timer'.split(
    ' ',
  );

export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** Paints `count` screenshots (landscape and portrait) and returns their blob: URLs. */
export async function paintScreenshots(count: number): Promise<{ landscape: string[]; portrait: string[] }> {
  const landscape: string[] = [];
  const portrait: string[] = [];
  for (let i = 0; i < count; i++) {
    const tall = i % 2 === 1;
    const canvas = new OffscreenCanvas(tall ? 180 : 320, tall ? 320 : 180);
    const ctx = canvas.getContext('2d')!;
    const hue = (i * 47) % 360;
    const g = ctx.createLinearGradient(0, 0, canvas.width, canvas.height);
    g.addColorStop(0, `hsl(${hue} 70% 55%)`);
    g.addColorStop(1, `hsl(${(hue + 60) % 360} 70% 35%)`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    for (let k = 0; k < 6; k++) {
      ctx.fillStyle = `hsla(${(hue + k * 40) % 360} 90% 80% / 0.6)`;
      ctx.beginPath();
      ctx.arc(
        ((k * 53 + i * 17) % canvas.width) + 10,
        ((k * 37 + i * 29) % canvas.height) + 10,
        12 + ((k * 7) % 20),
        0,
        Math.PI * 2,
      );
      ctx.fill();
    }
    ctx.fillStyle = 'rgba(255,255,255,0.9)';
    ctx.font = 'bold 40px sans-serif';
    ctx.fillText(String(i + 1), 16, 56);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    (tall ? portrait : landscape).push(URL.createObjectURL(blob));
  }
  return { landscape, portrait };
}

export function generateBoard(
  cardCount: number,
  images: { landscape: string[]; portrait: string[] },
  seed = 1,
): BoardData {
  const rnd = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const categories = Object.keys(FEATURE_TAXONOMY);
  const cards: EngineCard[] = [];
  const sections: EngineSection[] = [];
  const makeCard = (id: number, sectionId: number | null): EngineCard => {
    const vertical = rnd() < 0.25;
    const pool = vertical ? images.portrait : images.landscape;
    const imageCount = 1 + Math.floor(rnd() * 3);
    const category = pick(categories);
    const subs = FEATURE_TAXONOMY[category as keyof typeof FEATURE_TAXONOMY] as readonly string[];
    return {
      id,
      sectionId,
      title: `${pick(WORDS)} ${pick(WORDS)} #${id}`.replace(/^./, (c) => c.toUpperCase()),
      description: Array.from({ length: 14 }, () => pick(WORDS)).join(' '),
      game: pick(GAMES),
      gameLink: `https://play.example.com/store/apps/details?id=${id}`,
      images: Array.from({ length: imageCount }, () => pick(pool)),
      tags: [category, pick(subs), pick(subs)].filter((t, i, a) => a.indexOf(t) === i),
      orientation: vertical ? 'vertical' : 'horizontal',
      isBookmarked: rnd() < 0.05,
      position: { x: 0, y: 0 },
    };
  };

  // Loose cards go in 5 columns under the sections (spec); capped so a 100k board stays board-shaped.
  const looseCount = Math.max(1, Math.min(MAX_LOOSE, Math.round(cardCount * LOOSE_FRACTION)));
  let remaining = cardCount - looseCount;
  const sectionWidth =
    SECTION_PADDING * 2 + MAX_CARDS_PER_ROW * CARD_WIDTH_HORIZONTAL + (MAX_CARDS_PER_ROW - 1) * LAYOUT_GAP;
  const estimatedSections = Math.max(1, Math.ceil(remaining / 24));
  const columns = Math.max(1, Math.round(Math.sqrt(estimatedSections * 1.6)));
  const columnHeights = new Array<number>(columns).fill(50);
  let id = 1;
  let sectionId = 1;
  while (remaining > 0) {
    const count = Math.min(remaining, 8 + Math.floor(rnd() * 33));
    remaining -= count;
    const column = columnHeights.indexOf(Math.min(...columnHeights));
    const x = 50 + column * (sectionWidth + SECTION_GAP);
    const y = columnHeights[column];
    let rowY = y + HEADER + SECTION_PADDING;
    let rowHeight = 0;
    for (let i = 0; i < count; i++) {
      const card = makeCard(id++, sectionId);
      if (i % MAX_CARDS_PER_ROW === 0 && i > 0) {
        rowY += rowHeight + LAYOUT_GAP;
        rowHeight = 0;
      }
      card.position = {
        x: x + SECTION_PADDING + (i % MAX_CARDS_PER_ROW) * (CARD_WIDTH_HORIZONTAL + LAYOUT_GAP),
        y: rowY,
      };
      rowHeight = Math.max(rowHeight, card.orientation === 'vertical' ? CARD_HEIGHT_VERTICAL : CARD_HEIGHT_HORIZONTAL);
      cards.push(card);
    }
    const height = rowY + rowHeight + SECTION_PADDING - y;
    sections.push({
      id: sectionId,
      title: `${pick(categories)} — ${pick(WORDS)} ideas`,
      color: SECTION_PALETTE[sectionId % SECTION_PALETTE.length],
      position: { x, y },
      size: { width: sectionWidth, height },
    });
    columnHeights[column] = y + height + SECTION_GAP;
    sectionId++;
  }
  const looseTop = Math.max(...columnHeights) + SECTION_GAP;
  for (let i = 0; i < looseCount; i++) {
    const card = makeCard(id++, null);
    card.position = {
      x: 50 + (i % LOOSE_CARD_COLUMNS) * (CARD_WIDTH_HORIZONTAL + LAYOUT_GAP),
      y: looseTop + Math.floor(i / LOOSE_CARD_COLUMNS) * (CARD_HEIGHT_VERTICAL + LAYOUT_GAP),
    };
    if (card.orientation === 'vertical') card.position.x += (CARD_WIDTH_HORIZONTAL - CARD_WIDTH_VERTICAL) / 2;
    cards.push(card);
  }
  // The first loose card's image is missing on the server.
  const broken = cards[cards.length - looseCount];
  broken.images = [BROKEN_IMAGE_URL];
  return { cards, sections };
}
