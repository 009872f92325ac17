/**
 * SVG drawing primitives for the generated screenshots: colors, text with wrapping, shapes. Pure string
 * building, no I/O, so every template is deterministic and unit-testable.
 */

export const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

export function esc(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

// ---------- color ----------
type Rgb = [number, number, number];
export function hexToRgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
/** a → b by t (0..1). */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}
export const darken = (c: string, t: number) => mix(c, '#000000', t);
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export function luminance(c: string): number {
  const [r, g, b] = hexToRgb(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** Dark ink on light colors, white on dark ones. */
export const inkOn = (bg: string) => (luminance(bg) > 0.45 ? '#1d2233' : '#ffffff');

// ---------- randomness ----------
export { seededRandom } from '#shared/seeded-random';
export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ---------- text ----------
/** Approximate advance of DejaVu Sans per character, in em (bold is wider). */
const charWidthEm = (bold: boolean) => (bold ? 0.64 : 0.58);
export const textWidth = (s: string, size: number, bold = false) => s.length * size * charWidthEm(bold);

/** The font size at which s fits maxWidth, never above size nor below minSize (then it is ellipsized). */
export function fitSize(s: string, maxWidth: number, size: number, bold = false, minSize = size * 0.6): number {
  const fitting = maxWidth / Math.max(1, s.length * charWidthEm(bold));
  return Math.max(minSize, Math.min(size, fitting));
}

export function ellipsize(s: string, maxWidth: number, size: number, bold = false): string {
  const maxChars = Math.max(1, Math.floor(maxWidth / (size * charWidthEm(bold))));
  return s.length <= maxChars ? s : `${s.slice(0, Math.max(1, maxChars - 1)).trimEnd()}…`;
}

/** Greedy word wrap into at most maxLines lines; the last line is ellipsized. */
export function wrap(s: string, maxWidth: number, size: number, maxLines: number, bold = false): string[] {
  const maxChars = Math.max(4, Math.floor(maxWidth / (size * charWidthEm(bold))));
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]} ${lines[maxLines]}`, maxWidth, size, bold);
    return kept;
  }
  return lines.map((l) => ellipsize(l, maxWidth, size, bold));
}

export type TextOptions = {
  size: number;
  fill?: string;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  /** Ellipsize to this width. */
  maxWidth?: number;
  stroke?: string;
  opacity?: number;
  decoration?: 'line-through';
};

export function text(x: number, y: number, s: string, o: TextOptions): string {
  const content = o.maxWidth ? ellipsize(s, o.maxWidth, o.size, o.bold) : s;
  const attrs = [
    `x="${r(x)}"`,
    `y="${r(y)}"`,
    `font-family="${FONT}"`,
    `font-size="${r(o.size)}"`,
    `fill="${o.fill ?? '#1d2233'}"`,
    o.bold ? 'font-weight="bold"' : '',
    o.anchor && o.anchor !== 'start' ? `text-anchor="${o.anchor}"` : '',
    o.stroke ? `stroke="${o.stroke}" stroke-width="${r(o.size / 9)}" paint-order="stroke" stroke-linejoin="round"` : '',
    o.opacity !== undefined ? `opacity="${o.opacity}"` : '',
    o.decoration ? `text-decoration="${o.decoration}"` : '',
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${esc(content)}</text>`;
}

/** Several wrapped lines starting at baseline y. Returns the svg and the y below the last line. */
export function paragraph(
  x: number,
  y: number,
  s: string,
  maxWidth: number,
  o: TextOptions & { maxLines: number; lineHeight?: number },
): { svg: string; bottom: number } {
  const lines = wrap(s, maxWidth, o.size, o.maxLines, o.bold);
  const lh = o.lineHeight ?? o.size * 1.3;
  const svg = lines.map((line, i) => text(x, y + i * lh, line, { ...o, maxWidth: undefined })).join('');
  return { svg, bottom: y + (lines.length - 1) * lh + o.size * 0.4 };
}

// ---------- shapes ----------
export const r = (n: number) => Math.round(n * 10) / 10;

export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  extra: { rx?: number; stroke?: string; sw?: number; opacity?: number } = {},
): string {
  return `<rect x="${r(x)}" y="${r(y)}" width="${r(Math.max(0, w))}" height="${r(Math.max(0, h))}"${extra.rx ? ` rx="${r(extra.rx)}"` : ''} fill="${fill}"${extra.stroke ? ` stroke="${extra.stroke}" stroke-width="${extra.sw ?? 2}"` : ''}${extra.opacity !== undefined ? ` opacity="${extra.opacity}"` : ''}/>`;
}
export function circle(
  cx: number,
  cy: number,
  radius: number,
  fill: string,
  extra: { stroke?: string; sw?: number; opacity?: number } = {},
): string {
  return `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="${fill}"${extra.stroke ? ` stroke="${extra.stroke}" stroke-width="${extra.sw ?? 2}"` : ''}${extra.opacity !== undefined ? ` opacity="${extra.opacity}"` : ''}/>`;
}
export function polygon(
  points: [number, number][],
  fill: string,
  extra: { stroke?: string; sw?: number; opacity?: number } = {},
): string {
  return `<polygon points="${points.map(([x, y]) => `${r(x)},${r(y)}`).join(' ')}" fill="${fill}"${extra.stroke ? ` stroke="${extra.stroke}" stroke-width="${extra.sw ?? 2}" stroke-linejoin="round"` : ''}${extra.opacity !== undefined ? ` opacity="${extra.opacity}"` : ''}/>`;
}
export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra: { dash?: string; opacity?: number; cap?: 'round' } = {},
): string {
  return `<line x1="${r(x1)}" y1="${r(y1)}" x2="${r(x2)}" y2="${r(y2)}" stroke="${stroke}" stroke-width="${r(width)}"${extra.dash ? ` stroke-dasharray="${extra.dash}"` : ''}${extra.cap ? ` stroke-linecap="${extra.cap}"` : ''}${extra.opacity !== undefined ? ` opacity="${extra.opacity}"` : ''}/>`;
}

/** A vertical linear gradient definition; use with fill="url(#id)". */
export function vGradient(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** A glossy game button: darker base, lighter face, bold label with an outline. */
export function button(
  x: number,
  y: number,
  w: number,
  h: number,
  label: string,
  color: string,
  preferredSize = h * 0.42,
): string {
  const size = fitSize(label, w - h * 0.4, preferredSize, true);
  return [
    rect(x, y + h * 0.1, w, h, darken(color, 0.35), { rx: h * 0.32 }),
    rect(x, y, w, h, color, { rx: h * 0.32 }),
    rect(x + h * 0.15, y + h * 0.08, w - h * 0.3, h * 0.38, lighten(color, 0.35), { rx: h * 0.19, opacity: 0.55 }),
    text(x + w / 2, y + h / 2 + size * 0.36, label, {
      size,
      fill: '#ffffff',
      bold: true,
      anchor: 'middle',
      maxWidth: w - h * 0.4,
      stroke: darken(color, 0.45),
    }),
  ].join('');
}

/** A rounded label chip. */
export function pill(x: number, y: number, w: number, h: number, label: string, bg: string, fg = inkOn(bg)): string {
  const size = fitSize(label, w - h * 0.5, h * 0.48, true);
  return (
    rect(x, y, w, h, bg, { rx: h / 2 }) +
    text(x + w / 2, y + h / 2 + size * 0.36, label, {
      size,
      fill: fg,
      bold: true,
      anchor: 'middle',
      maxWidth: w - h * 0.5,
    })
  );
}

/** A horizontal progress bar (0..1). */
export function progressBar(
  x: number,
  y: number,
  w: number,
  h: number,
  value: number,
  fill: string,
  track = 'rgba(0,0,0,0.25)',
): string {
  const v = Math.max(0, Math.min(1, value));
  return (
    rect(x, y, w, h, track, { rx: h / 2 }) +
    (v > 0 ? rect(x, y, Math.max(h, w * v), h, fill, { rx: h / 2 }) : '') +
    rect(x + h * 0.3, y + h * 0.15, Math.max(0, w * v - h * 0.6), h * 0.28, '#ffffff', { rx: h * 0.14, opacity: 0.35 })
  );
}

/** A five-pointed star centred on (cx, cy). */
export function star(cx: number, cy: number, outer: number, fill: string, stroke?: string): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 === 0 ? outer : outer * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push([cx + rad * Math.cos(a), cy + rad * Math.sin(a)]);
  }
  return polygon(pts, fill, stroke ? { stroke, sw: outer * 0.12 } : {});
}

/** A burst badge (e.g. "-50%") with a label. */
export function burst(cx: number, cy: number, radius: number, label: string, fill: string): string {
  const pts: [number, number][] = [];
  const n = 14;
  for (let i = 0; i < n * 2; i++) {
    const rad = i % 2 === 0 ? radius : radius * 0.8;
    const a = (i * Math.PI) / n;
    pts.push([cx + rad * Math.cos(a), cy + rad * Math.sin(a)]);
  }
  const size = Math.min(radius * 0.62, (radius * 1.5) / Math.max(2, label.length * 0.62));
  return (
    polygon(pts, fill, { stroke: darken(fill, 0.3), sw: 3 }) +
    text(cx, cy + size * 0.36, label, {
      size,
      fill: '#ffffff',
      bold: true,
      anchor: 'middle',
      stroke: darken(fill, 0.4),
    })
  );
}
