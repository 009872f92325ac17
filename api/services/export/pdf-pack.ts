import PDFDocument from 'pdfkit';
import type { ExportCard, ExportContent } from './export-content.service';
import { summaryLine, type ExportWords } from './export-words';
import { boxPixels, cardImageBoxes, drawCard, type ImageEmbedder } from './pdf-card';
import { registerPdfFonts, type PdfFonts } from './pdf-fonts';
import { PdfImageSource, type PreparedImage } from './pdf-images';
import {
  COVER_HEADER,
  COVER_LINE,
  FOOTER_BAND,
  PAGE_MARGIN,
  cardCells,
  groupStartPages,
  pageSize,
  planPages,
  type PdfLayoutOptions,
  type PlannedPage,
} from './pdf-layout';
import { INK, LINK, MUTED, drawRuns, plainRun } from './pdf-text';
import { log } from '../../ops/log';
import { createPushStream } from './push-stream';
import type { ImageSource } from './stored-images';

/** Cards whose images are prepared ahead of the one being drawn: sharp works while pdfkit writes. */
const PREFETCH_CARDS = 8;

type CardImages = { main: PreparedImage | null; thumbs: (PreparedImage | null)[] };

/**
 * The PDF reference pack, streamed as it is built: a cover (title, date, sections with card counts
 * and the page each starts on, linked), then each section's cards perPage to a page under the section's title,
 * with page numbers. Drawing waits for the client to read (so memory stays flat) and stops if it disconnects.
 */
export function pdfPackStream(
  content: ExportContent,
  options: PdfLayoutOptions,
  env: { images: ImageSource; date: Date; dateText: string; t: ExportWords },
): ReadableStream<Uint8Array> {
  const out = createPushStream();
  const title = content.scopeTitle ? `${content.boardTitle} — ${content.scopeTitle}` : content.boardTitle;
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    info: { Title: title, Author: 'Loot', Creator: 'Loot', CreationDate: env.date, ModDate: env.date },
  });
  doc.on('data', (chunk: Buffer) => out.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
  doc.on('end', () => out.close());
  doc.on('error', (err) => out.fail(err));

  void (async () => {
    const fonts = registerPdfFonts(doc);
    const pages = planPages(
      content.groups.map((g) => g.cards.length),
      options,
    );
    const size = pageSize(options.paper, options.orientation);
    const cells = cardCells(options);
    const images = new PdfImageSource(env.images);
    const embedded = new Map<string, PDFKit.Mixins.ImageSrc>();
    const embed: ImageEmbedder = (image) => {
      let object = embedded.get(image.key);
      if (!object) {
        // pdfkit's openImage is public (it is how an image object is reused) but missing from @types/pdfkit.
        object = (doc as unknown as { openImage(src: Buffer): PDFKit.Mixins.ImageSrc }).openImage(image.jpeg);
        embedded.set(image.key, object);
        if (embedded.size > 400) embedded.delete(embedded.keys().next().value!);
      }
      return object;
    };

    const sequence = content.groups.flatMap((g) => g.cards);
    // Prepared images are let go once their card is drawn: a 1,000-card pack never holds them all.
    const prepared = new Map<number, Promise<CardImages>>();
    let preparedUpTo = 0;
    const take = (index: number) => {
      for (; preparedUpTo < Math.min(sequence.length, index + PREFETCH_CARDS); preparedUpTo += 1) {
        prepared.set(preparedUpTo, cardImages(images, sequence[preparedUpTo], cells[0]));
      }
      const job = prepared.get(index)!;
      prepared.delete(index);
      return job;
    };

    let cardIndex = 0;
    const starts = groupStartPages(pages, content.groups.length);
    for (let p = 0; p < pages.length; p += 1) {
      await out.demand();
      if (out.cancelled) return;
      const page = pages[p];
      doc.addPage({ size: [size.width, size.height], margin: 0 });
      if (page.kind === 'cover') drawCover(doc, fonts, env.t, content, title, env.dateText, page, starts, p === 0);
      else {
        const group = content.groups[page.group];
        if (!page.continued) doc.addNamedDestination(`section-${page.group}`);
        drawSectionBand(doc, fonts, env.t, group.title, group.color, page.continued, size.width);
        for (let i = 0; i < page.count; i += 1) {
          const card = group.cards[page.first + i];
          const cell = cells[i];
          drawCard(doc, fonts, card, cell, await take(cardIndex), embed, env.t);
          cardIndex += 1;
        }
      }
      drawFooter(doc, fonts, env.t, p + 1, pages.length, size);
    }
    doc.end();
  })().catch((err) => {
    // The response has started: the client sees a cut download; the cause goes to the server log.
    log.error({ err }, 'PDF export failed');
    out.fail(err);
  });
  return out.stream;
}

/** The images of a card at the sizes its boxes print at (every cell of the grid has the same size). */
async function cardImages(source: PdfImageSource, card: ExportCard, cell: PdfLayoutCell): Promise<CardImages> {
  const boxes = cardImageBoxes(cell, card.images.length);
  const [mainW, mainH] = boxPixels(boxes.main);
  const main = card.images[0] ? source.get(card.images[0], mainW, mainH) : Promise.resolve(null);
  const thumbs = boxes.thumbs.map((box, i) => source.get(card.images[i + 1], ...boxPixels(box)));
  return { main: await main, thumbs: await Promise.all(thumbs) };
}
type PdfLayoutCell = ReturnType<typeof cardCells>[number];

function drawSectionBand(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  t: ExportWords,
  title: string,
  color: string | null,
  continued: boolean,
  pageWidth: number,
) {
  const x = PAGE_MARGIN;
  const y = PAGE_MARGIN - 4;
  if (color && /^#[0-9a-f]{3,8}$/i.test(color))
    doc
      .save()
      .roundedRect(x, y + 2, 5, 16, 2)
      .fill(color.slice(0, 7))
      .restore();
  const text = continued ? `${title}  ${t('continued')}` : title;
  drawRuns(
    doc,
    fonts,
    [plainRun(text, { bold: true })],
    { x: x + 12, y, width: pageWidth - 2 * PAGE_MARGIN - 12, bottom: y + 20 },
    13,
  );
}

function drawFooter(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  t: ExportWords,
  page: number,
  total: number,
  size: { width: number; height: number },
) {
  const y = size.height - PAGE_MARGIN - FOOTER_BAND + 8;
  doc
    .font(fonts.regular)
    .fontSize(8)
    .fillColor(MUTED)
    .text(t('page', { page, total }), PAGE_MARGIN, y, {
      width: size.width - 2 * PAGE_MARGIN,
      align: 'center',
      height: 12,
      lineBreak: false,
    });
}

function drawCover(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  t: ExportWords,
  content: ExportContent,
  title: string,
  dateText: string,
  page: Extract<PlannedPage, { kind: 'cover' }>,
  starts: (number | null)[],
  first: boolean,
) {
  const width = doc.page.width - 2 * PAGE_MARGIN;
  let y = PAGE_MARGIN;
  if (first) {
    y = drawRuns(
      doc,
      fonts,
      [plainRun(title, { bold: true })],
      { x: PAGE_MARGIN, y: y + 20, width, bottom: y + 84 },
      24,
    );
    y = drawRuns(
      doc,
      fonts,
      [plainRun(t('exportedOn', { date: dateText }))],
      { x: PAGE_MARGIN, y: y + 6, width, bottom: y + 24 },
      10,
      MUTED,
    );
    drawRuns(
      doc,
      fonts,
      [plainRun(summaryLine(t, content.cardCount, content.groups.length))],
      { x: PAGE_MARGIN, y: y + 2, width, bottom: y + 20 },
      10,
      MUTED,
    );
    drawRuns(
      doc,
      fonts,
      [plainRun(t('sections'), { bold: true })],
      { x: PAGE_MARGIN, y: PAGE_MARGIN + COVER_HEADER - 24, width, bottom: PAGE_MARGIN + COVER_HEADER },
      12,
    );
    y = PAGE_MARGIN + COVER_HEADER;
  }
  for (let i = page.first; i < page.first + page.count; i += 1) {
    const group = content.groups[i];
    const start = starts[i];
    if (group.color && /^#[0-9a-f]{3,8}$/i.test(group.color))
      doc
        .save()
        .circle(PAGE_MARGIN + 4, y + 6, 4)
        .fill(group.color.slice(0, 7))
        .restore();
    const counts = `${t('cardCount', { count: group.cards.length })}${start ? `  ·  ${t('startsOnPage', { page: start })}` : ''}`;
    doc.font(fonts.regular).fontSize(10).fillColor(MUTED);
    const countsWidth = doc.widthOfString(counts) + 2;
    doc.text(counts, PAGE_MARGIN + width - countsWidth, y, {
      width: countsWidth,
      height: COVER_LINE,
      lineBreak: false,
    });
    doc
      .font(fonts.regular)
      .fontSize(10.5)
      .fillColor(start ? LINK : INK)
      .text(group.title, PAGE_MARGIN + 14, y, {
        width: width - countsWidth - 24,
        height: COVER_LINE - 4,
        ellipsis: true,
        lineBreak: false,
        ...(start ? { goTo: `section-${i}` } : {}),
      });
    y += COVER_LINE;
  }
}
