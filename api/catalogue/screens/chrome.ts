import type { ScreenDescriptor } from '../catalogue-files';
import { icon } from './icons';
import {
  FONT,
  circle,
  darken,
  fitSize,
  hashString,
  inkOn,
  lighten,
  mix,
  rect,
  seededRandom,
  text,
  vGradient,
} from './kit';

/**
 * What every template draws with: the frame (portrait 720×1280 or landscape 1280×720), the game's palette and
 * genre, and a random stream seeded from the screen so each screen differs yet renders the same every time.
 */
export type ScreenContext = {
  w: number;
  h: number;
  portrait: boolean;
  /** [main, secondary, accent] from games.json. */
  palette: [string, string, string];
  genre: string;
  subgenre: string;
  gameName: string;
  rand: () => number;
  /** Scale unit: 1 on a 720-wide portrait screen. */
  u: number;
};

export const PORTRAIT = { w: 720, h: 1280 } as const;
export const LANDSCAPE = { w: 1280, h: 720 } as const;

export function makeContext(
  game: { name: string; genre: string; subgenre: string; orientation: string; palette: string[] },
  screen: ScreenDescriptor,
  index: number,
): ScreenContext {
  const portrait = game.orientation === 'vertical';
  const { w, h } = portrait ? PORTRAIT : LANDSCAPE;
  const [a, b, c] = game.palette;
  return {
    w,
    h,
    portrait,
    palette: [a, b, c],
    genre: game.genre,
    subgenre: game.subgenre,
    gameName: game.name,
    rand: seededRandom(hashString(`${game.name}|${screen.template}|${screen.title}|${index}`)),
    u: Math.min(w, h) / 720,
  };
}

/** The whole SVG document around a template's body. */
export function svgDocument(ctx: ScreenContext, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ctx.w}" height="${ctx.h}" viewBox="0 0 ${ctx.w} ${ctx.h}" font-family="${FONT}"><defs>${defs}</defs>${body}</svg>`;
}

/** The game's world behind the UI: a gradient in the palette with soft shapes, varied per screen. */
export function background(ctx: ScreenContext, id = 'bg'): { defs: string; svg: string } {
  const [main, second, accent] = ctx.palette;
  const defs = vGradient(id, lighten(main, 0.15), darken(main, 0.5));
  const shapes: string[] = [rect(0, 0, ctx.w, ctx.h, `url(#${id})`)];
  for (let i = 0; i < 14; i++) {
    const x = ctx.rand() * ctx.w;
    const y = ctx.rand() * ctx.h;
    const radius = (30 + ctx.rand() * 120) * ctx.u;
    shapes.push(circle(x, y, radius, i % 2 ? second : accent, { opacity: 0.08 + ctx.rand() * 0.1 }));
  }
  // A horizon band gives the scene some depth.
  shapes.push(rect(0, ctx.h * 0.72, ctx.w, ctx.h * 0.28, darken(second, 0.35), { opacity: 0.35 }));
  return { defs, svg: shapes.join('') };
}

/** Phone status bar: time on the left, signal and battery on the right. */
export function statusBar(ctx: ScreenContext): string {
  const y = 30 * ctx.u;
  const size = 20 * ctx.u;
  return (
    text(24 * ctx.u, y, '9:41', { size, fill: '#ffffff', bold: true }) +
    [0, 1, 2, 3]
      .map((i) =>
        rect(ctx.w - 120 * ctx.u + i * 9 * ctx.u, y - (6 + i * 4) * ctx.u, 6 * ctx.u, (6 + i * 4) * ctx.u, '#ffffff'),
      )
      .join('') +
    rect(ctx.w - 76 * ctx.u, y - 16 * ctx.u, 40 * ctx.u, 18 * ctx.u, 'none', {
      rx: 4 * ctx.u,
      stroke: '#ffffff',
      sw: 2,
    }) +
    rect(ctx.w - 73 * ctx.u, y - 13 * ctx.u, 28 * ctx.u, 12 * ctx.u, '#ffffff', { rx: 2 * ctx.u })
  );
}

/** The currency bar most mobile games keep on top: coins, gems and lives or energy, each with a plus. */
export function currencyBar(ctx: ScreenContext, y = 48 * ctx.u): string {
  const counters: [Parameters<typeof icon>[0], string][] = [
    ['coin', String(1000 + Math.floor(ctx.rand() * 48000)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')],
    ['gem', String(20 + Math.floor(ctx.rand() * 900))],
    [
      ctx.genre === 'Puzzle' ? 'heart' : 'bolt',
      ctx.genre === 'Puzzle' ? `${1 + Math.floor(ctx.rand() * 5)}` : `${10 + Math.floor(ctx.rand() * 90)}/100`,
    ],
  ];
  const h = 44 * ctx.u;
  const w = ctx.portrait ? 200 * ctx.u : 230 * ctx.u;
  const gap = 18 * ctx.u;
  const total = counters.length * w + (counters.length - 1) * gap;
  let x = (ctx.w - total) / 2;
  return counters
    .map(([kind, value]) => {
      const out =
        rect(x, y, w, h, 'rgba(0,0,0,0.45)', { rx: h / 2 }) +
        icon(kind, x + h * 0.55, y + h / 2, h * 0.95) +
        text(x + w / 2 + h * 0.1, y + h * 0.68, value, {
          size: h * 0.5,
          fill: '#ffffff',
          bold: true,
          anchor: 'middle',
        }) +
        circle(x + w - h / 2, y + h / 2, h * 0.38, '#37C35A') +
        text(x + w - h / 2, y + h * 0.7, '+', { size: h * 0.6, fill: '#ffffff', bold: true, anchor: 'middle' });
      x += w + gap;
      return out;
    })
    .join('');
}

/** Screen header: a title banner in the secondary color and an optional subtitle line under it. */
export function header(
  ctx: ScreenContext,
  title: string,
  subtitle: string | undefined,
  y: number,
): { svg: string; bottom: number } {
  const [, second] = ctx.palette;
  // Landscape screens are short: a slimmer banner leaves the content room.
  const h = (ctx.portrait ? 78 : 64) * ctx.u;
  const w = Math.min(ctx.w - 80 * ctx.u, 620 * ctx.u);
  const x = (ctx.w - w) / 2;
  const size = fitSize(title, w - h, h * 0.46, true);
  let svg =
    ribbon(x, y, w, h, second) +
    text(ctx.w / 2, y + h / 2 + size * 0.36, title, {
      size,
      fill: inkOn(second),
      bold: true,
      anchor: 'middle',
      maxWidth: w - h,
      stroke: inkOn(second) === '#ffffff' ? darken(second, 0.5) : undefined,
    });
  let bottom = y + h + 8 * ctx.u;
  if (subtitle) {
    const size = (ctx.portrait ? 26 : 22) * ctx.u;
    svg += text(ctx.w / 2, bottom + size * 1.1, subtitle, {
      size,
      fill: '#ffffff',
      bold: true,
      anchor: 'middle',
      maxWidth: ctx.w - 60 * ctx.u,
      stroke: 'rgba(0,0,0,0.55)',
    });
    bottom += size * 1.7;
  }
  return { svg, bottom };
}

/** A ribbon banner with folded ends. */
export function ribbon(x: number, y: number, w: number, h: number, color: string): string {
  const fold = h * 0.45;
  const dark = darken(color, 0.35);
  return (
    `<polygon points="${x - fold},${y + h * 0.25} ${x + fold},${y + h * 0.25} ${x + fold},${y + h * 1.05} ${x - fold},${y + h * 1.05} ${x - fold * 0.4},${y + h * 0.65}" fill="${dark}"/>` +
    `<polygon points="${x + w + fold},${y + h * 0.25} ${x + w - fold},${y + h * 0.25} ${x + w - fold},${y + h * 1.05} ${x + w + fold},${y + h * 1.05} ${x + w + fold * 0.4},${y + h * 0.65}" fill="${dark}"/>` +
    rect(x, y, w, h, color, { rx: h * 0.18, stroke: dark, sw: 4 }) +
    rect(x + 8, y + 6, w - 16, h * 0.35, lighten(color, 0.35), { rx: h * 0.12, opacity: 0.45 })
  );
}

/** A darkened veil over the world, as behind a modal. */
export const veil = (ctx: ScreenContext, opacity = 0.55) => rect(0, 0, ctx.w, ctx.h, '#000000', { opacity });

/** A modal panel: a light card with a thick border in the palette. */
export function panel(ctx: ScreenContext, x: number, y: number, w: number, h: number): string {
  const [main, , accent] = ctx.palette;
  return (
    rect(x, y + 10 * ctx.u, w, h, darken(main, 0.55), { rx: 36 * ctx.u, opacity: 0.6 }) +
    rect(x, y, w, h, mix(accent, '#ffffff', 0.82), { rx: 36 * ctx.u, stroke: darken(main, 0.2), sw: 8 * ctx.u }) +
    rect(x + 14 * ctx.u, y + 14 * ctx.u, w - 28 * ctx.u, h - 28 * ctx.u, mix(accent, '#ffffff', 0.92), {
      rx: 26 * ctx.u,
    })
  );
}

/** A round close button. */
export function closeButton(cx: number, cy: number, radius: number): string {
  return (
    circle(cx, cy + radius * 0.12, radius, '#8E1B24') +
    circle(cx, cy, radius, '#E63946', { stroke: '#ffffff', sw: radius * 0.15 }) +
    text(cx, cy + radius * 0.42, '×', { size: radius * 1.4, fill: '#ffffff', bold: true, anchor: 'middle' })
  );
}

/** The primary call-to-action color: green like most store buttons, unless the palette's accent is green. */
export const CTA_GREEN = '#37B34A';
