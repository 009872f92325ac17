import type { ExportWords } from './export-words';
import type { ExportCard } from './export-content.service';
import { markdownBlocks } from './markdown-runs';
import type { PdfFonts } from './pdf-fonts';
import type { PreparedImage } from './pdf-images';
import { pointsToPixels, type Rect } from './pdf-layout';
import { MUTED, drawBlocks, drawRuns, plainRun } from './pdf-text';

const PADDING = 10;
const THUMB = { width: 48, height: 36, gap: 5 };
const FRAME = '#d9d9de';
const PLACEHOLDER = '#efeff3';

/** The boxes a card's pictures fill in a cell: one main screenshot, a row of small ones under it. */
export function cardImageBoxes(cell: Rect, imageCount: number): { main: Rect; thumbs: Rect[] } {
  const inner = {
    x: cell.x + PADDING,
    y: cell.y + PADDING,
    width: cell.width - 2 * PADDING,
    height: cell.height - 2 * PADDING,
  };
  const main = { x: inner.x, y: inner.y, width: inner.width, height: Math.round(inner.height * 0.42) };
  const fit = Math.floor((inner.width + THUMB.gap) / (THUMB.width + THUMB.gap));
  const thumbs = Array.from({ length: Math.min(Math.max(0, imageCount - 1), fit) }, (_, i) => ({
    x: inner.x + i * (THUMB.width + THUMB.gap),
    y: main.y + main.height + 6,
    width: THUMB.width,
    height: THUMB.height,
  }));
  return { main, thumbs };
}

/** Pixel sizes to prepare the images at, for the boxes above (150 dpi). */
export const boxPixels = (box: Rect) => [pointsToPixels(box.width), pointsToPixels(box.height)] as const;

/** Embeds a prepared JPEG once per document and hands back pdfkit's image object for every later use. */
export type ImageEmbedder = (image: PreparedImage) => PDFKit.Mixins.ImageSrc;

/**
 * One card in its cell: a thin frame, the main screenshot (or the board's 'No image' placeholder), the others
 * small, then title, game (a link to its store page) with genre, tags, short description and the detailed
 * description rendered from its markdown, all cut at the cell's bottom.
 */
export function drawCard(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  card: ExportCard,
  cell: Rect,
  images: { main: PreparedImage | null; thumbs: (PreparedImage | null)[] },
  embed: ImageEmbedder,
  t: ExportWords,
): void {
  doc
    .save()
    .lineWidth(0.6)
    .strokeColor(FRAME)
    .roundedRect(cell.x, cell.y, cell.width, cell.height, 6)
    .stroke()
    .restore();
  const boxes = cardImageBoxes(cell, card.images.length);
  drawImage(doc, fonts, images.main, boxes.main, embed, t);
  boxes.thumbs.forEach((box, i) => drawImage(doc, fonts, images.thumbs[i] ?? null, box, embed, t));

  const imagesBottom = boxes.thumbs.length > 0 ? boxes.thumbs[0].y + THUMB.height : boxes.main.y + boxes.main.height;
  const column = {
    x: cell.x + PADDING,
    y: imagesBottom + 8,
    width: cell.width - 2 * PADDING,
    bottom: cell.y + cell.height - PADDING,
  };
  let y = drawRuns(doc, fonts, [plainRun(card.title, { bold: true })], column, 11.5);
  const genre = [card.genre, card.subgenre].filter(Boolean).join(' / ');
  const gameLink = /^https?:\/\//i.test(card.gameLink) ? card.gameLink : null;
  const gameRuns = [
    ...(card.game || gameLink ? [plainRun(card.game || card.gameLink, { link: gameLink })] : []),
    ...(genre ? [plainRun(`${card.game || gameLink ? '  ·  ' : ''}${genre}`)] : []),
  ];
  y = drawRuns(doc, fonts, gameRuns, { ...column, y: y + 2 }, 8.5, MUTED);
  if (card.tags.length > 0)
    y = drawRuns(doc, fonts, [plainRun(card.tags.join('  ·  '))], { ...column, y: y + 2 }, 7.5, MUTED);
  if (card.description.trim())
    y = drawRuns(doc, fonts, [plainRun(card.description.trim())], { ...column, y: y + 5 }, 8.5);
  if (card.detailedDescription.trim())
    drawBlocks(doc, fonts, markdownBlocks(card.detailedDescription), { ...column, y: y + 5 }, 7.8);
}

function drawImage(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  image: PreparedImage | null,
  box: Rect,
  embed: ImageEmbedder,
  t: ExportWords,
) {
  if (image) {
    doc.image(embed(image), box.x, box.y, { fit: [box.width, box.height], align: 'center', valign: 'center' });
    return;
  }
  doc.save().rect(box.x, box.y, box.width, box.height).fill(PLACEHOLDER).restore();
  const size = box.height < 50 ? 6 : 9;
  doc
    .font(fonts.regular)
    .fontSize(size)
    .fillColor(MUTED)
    .text(t('noImage'), box.x, box.y + box.height / 2 - size / 2, {
      width: box.width,
      align: 'center',
      height: size * 1.5,
      lineBreak: false,
    });
}
