import fs from 'node:fs';
import path from 'node:path';

export type PdfFonts = { regular: string; bold: string; italic: string; boldItalic: string; mono: string };

/**
 * Fonts for the PDF. Card text is often not Latin (the spec's own texts are Russian), and PDF's 14 standard fonts
 * cover Latin-1 only, so the pack embeds DejaVu (Debian's fonts-dejavu-core, installed with Chromium) when it is
 * on the machine; LOOT_PDF_FONT_DIR may point at another folder with the same files. Without them the standard
 * fonts are used. Nothing is fetched.
 */
const FONT_FILES: Record<keyof PdfFonts, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
  mono: 'DejaVuSansMono.ttf',
};
const STANDARD: PdfFonts = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
  mono: 'Courier',
};
const SEARCHED_DIRS = [process.env.LOOT_PDF_FONT_DIR, '/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/dejavu'];

let found: string | null | undefined;
function fontDir(): string | null {
  if (found === undefined) {
    found =
      SEARCHED_DIRS.find(
        (dir) => dir && Object.values(FONT_FILES).every((file) => fs.existsSync(path.join(dir, file))),
      ) ?? null;
  }
  return found;
}

/** Registers the fonts on a document and returns the names to pass to `doc.font()`. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): PdfFonts {
  const dir = fontDir();
  if (!dir) return STANDARD;
  const names = {} as PdfFonts;
  for (const [style, file] of Object.entries(FONT_FILES) as [keyof PdfFonts, string][]) {
    names[style] = `Loot-${style}`;
    doc.registerFont(names[style], path.join(dir, file));
  }
  return names;
}
