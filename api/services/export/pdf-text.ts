import type { TextBlock, TextRun } from './markdown-runs';
import type { PdfFonts } from './pdf-fonts';

export const INK = '#1d1d24';
export const MUTED = '#6b6b76';
export const LINK = '#1a5fd0';

/** A column of text: where it starts, how wide it is, and the line it must not cross. */
export type TextColumn = { x: number; y: number; width: number; bottom: number };

export function fontOf(fonts: PdfFonts, run: Pick<TextRun, 'bold' | 'italic' | 'code'>): string {
  if (run.code) return fonts.mono;
  if (run.bold && run.italic) return fonts.boldItalic;
  if (run.bold) return fonts.bold;
  return run.italic ? fonts.italic : fonts.regular;
}

export const plainRun = (text: string, style: Partial<TextRun> = {}): TextRun => ({
  bold: false,
  italic: false,
  code: false,
  link: null,
  text,
  ...style,
});

/**
 * Draws runs as one wrapped paragraph inside the column, cut with an ellipsis at its bottom (the text never
 * flows onto another page: the page plan is fixed before drawing). Returns the y below the paragraph, or
 * `column.bottom` when nothing more fits.
 */
export function drawRuns(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  runs: TextRun[],
  column: TextColumn,
  size: number,
  color = INK,
): number {
  const lineHeight = doc.font(fonts.regular).fontSize(size).currentLineHeight(true);
  const room = column.bottom - column.y;
  if (runs.length === 0) return column.y;
  if (room < lineHeight) return column.bottom;
  runs.forEach((run, index) => {
    doc
      .font(fontOf(fonts, run))
      .fontSize(size)
      .fillColor(run.link ? LINK : color);
    const options: PDFKit.Mixins.TextOptions = {
      width: column.width,
      height: room,
      ellipsis: true,
      lineGap: 1,
      continued: index < runs.length - 1,
      link: run.link,
      underline: run.link !== null,
    };
    if (index === 0) doc.text(run.text, column.x, column.y, options);
    else doc.text(run.text, options);
  });
  return Math.min(doc.y, column.bottom);
}

const HEADING_SIZE: Record<number, number> = { 1: 1.35, 2: 1.25, 3: 1.15 };

/** Markdown blocks one under another in the column, smaller type for code, indented lists and quotes. */
export function drawBlocks(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  blocks: TextBlock[],
  column: TextColumn,
  size: number,
): number {
  let y = column.y;
  for (const block of blocks) {
    if (y >= column.bottom) break;
    const indent = block.indent * 10;
    const blockSize =
      block.kind === 'heading'
        ? size * (HEADING_SIZE[block.level] ?? 1.05)
        : block.kind === 'code'
          ? size * 0.92
          : size;
    const runs = block.bullet ? [plainRun(`${block.bullet} `), ...block.runs] : block.runs;
    const color = block.kind === 'quote' ? MUTED : INK;
    y = drawRuns(
      doc,
      fonts,
      runs,
      { x: column.x + indent, y, width: column.width - indent, bottom: column.bottom },
      blockSize,
      color,
    );
    y += block.kind === 'heading' ? 2 : 3;
  }
  return Math.min(y, column.bottom);
}
