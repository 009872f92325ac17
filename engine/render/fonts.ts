/**
 * Bitmap fonts for every text the board draws (titles, chips, counters, section titles): dynamic bitmap fonts
 * generated in the page from a system font — no network fonts (spec: nothing is fetched from the internet). Two
 * glyph sizes per weight, so text baked small is drawn from small glyphs instead of minifying large ones.
 */
import { BitmapFontManager, TextStyle } from 'pixi.js';
import type { MeasureText } from '../model/text-fit';

export const FONT_FAMILY = "'DejaVu Sans', 'Noto Sans', Arial, sans-serif";

const LARGE_GLYPH_PX = 36;
const SMALL_GLYPH_PX = 14;
/** Effective pixel size under which the small glyphs are used. */
const SMALL_FONT_BELOW_PX = 15;

const NAMES = {
  regular: { large: 'LootSans', small: 'LootSansSmall' },
  bold: { large: 'LootSansBold', small: 'LootSansBoldSmall' },
} as const;

let installed = false;

/**
 * Installs the fonts once per page with ASCII and the glyphs of `extraChars` (the canvas's own words, in whatever
 * language: drawn on every board); other glyphs, such as a Cyrillic card title's, are added on first use.
 */
export function installFonts(extraChars: string): void {
  if (installed) return;
  installed = true;
  for (const [weight, names] of Object.entries(NAMES) as ['regular' | 'bold', (typeof NAMES)['regular']][]) {
    for (const [size, name] of Object.entries(names) as ['large' | 'small', string][]) {
      BitmapFontManager.install({
        name,
        chars: [[' ', '~'], ...new Set(extraChars.replace(/[ -~]/g, ''))],
        resolution: 1,
        padding: 2,
        // Kerning tables measure every pair of glyphs: ~0.35 s of main thread at start on a 2-core machine (// first frame of a large board), for a difference invisible at card text sizes.
        skipKerning: true,
        style: {
          fontFamily: FONT_FAMILY,
          fontSize: size === 'large' ? LARGE_GLYPH_PX : SMALL_GLYPH_PX,
          fontWeight: weight === 'bold' ? 'bold' : 'normal',
          fill: 0xffffff,
        },
      });
    }
  }
}

/** The installed font to draw `fontSize` world units at `scale` texture pixels per unit. */
export function fontName(bold: boolean, fontSize: number, scale: number): string {
  const names = bold ? NAMES.bold : NAMES.regular;
  return fontSize * scale < SMALL_FONT_BELOW_PX ? names.small : names.large;
}

const measureStyles = new Map<string, TextStyle>();

/** Width of `text` in world units at `fontSize` (layout is measured with the large glyphs). */
export function measurer(bold: boolean, fontSize: number): MeasureText {
  const key = `${bold}:${fontSize}`;
  let style = measureStyles.get(key);
  if (!style) {
    style = new TextStyle({ fontFamily: bold ? NAMES.bold.large : NAMES.regular.large, fontSize });
    measureStyles.set(key, style);
  }
  const s = style;
  return (text: string) => {
    if (!text) return 0;
    const layout = BitmapFontManager.measureText(text, s);
    return layout.width * layout.scale;
  };
}
