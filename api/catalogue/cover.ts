import sharp, { type OverlayOptions } from 'sharp';
import type { CoverJob } from './catalogue-plan';
import { FONT, darken, esc, fitSize, lighten, wrap } from './screens/kit';

/**
 * A collection cover (16:9, 1280×720, spec accounts §2: "Each tile shows a 16:9 image"): the category's color,
 * the collection's name and description, a crown for pro, and its first screenshots fanned out on the right.
 */
export const COVER_SIZE = { w: 1280, h: 720 } as const;

const CATEGORY_COLORS: Record<string, string> = {
  monetization: '#C77800',
  onboarding: '#0B7FC1',
  live_ops: '#D1491C',
  ui_ux: '#3D4A63',
  progression: '#1F8A4C',
  social: '#4B3FCF',
  core_gameplay: '#1D4ED8',
};

export const categoryLabel = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

export function coverSvg(job: CoverJob): string {
  const { w, h } = COVER_SIZE;
  const base = CATEGORY_COLORS[job.collection.category] ?? '#3D4A63';
  const titleLines = wrap(job.collection.name, 560, 64, 3, true);
  const titleSize = Math.min(
    64,
    fitSize(
      titleLines.reduce((a, b) => (a.length > b.length ? a : b), ''),
      560,
      64,
      true,
    ),
  );
  const descLines = wrap(job.collection.description, 540, 28, 3);
  const titleTop = 250;
  const lines: string[] = [];
  titleLines.forEach((line, i) =>
    lines.push(
      `<text x="70" y="${titleTop + i * titleSize * 1.12}" font-size="${titleSize}" font-weight="bold" fill="#ffffff">${esc(line)}</text>`,
    ),
  );
  const descTop = titleTop + titleLines.length * titleSize * 1.12 + 24;
  descLines.forEach((line, i) =>
    lines.push(`<text x="70" y="${descTop + i * 38}" font-size="28" fill="#ffffff" opacity="0.9">${esc(line)}</text>`),
  );
  const label = categoryLabel(job.collection.category);
  const chipW = 40 + label.length * 17;
  const pro = job.collection.type === 'pro';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="${FONT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(base, 0.12)}"/><stop offset="1" stop-color="${darken(base, 0.45)}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w - 120}" cy="120" r="260" fill="#ffffff" opacity="0.07"/><circle cx="${w - 380}" cy="${h}" r="220" fill="#ffffff" opacity="0.06"/>
<rect x="70" y="120" width="${chipW}" height="52" rx="26" fill="#ffffff" opacity="0.2"/>
<text x="${70 + chipW / 2}" y="155" font-size="26" font-weight="bold" fill="#ffffff" text-anchor="middle">${esc(label)}</text>
${pro ? `<g transform="translate(${70 + chipW + 20} 120)"><rect width="120" height="52" rx="26" fill="#FFC93C"/><polygon points="22,38 22,16 34,28 44,12 54,28 66,16 66,38" fill="#7A4B00"/><text x="98" y="35" font-size="22" font-weight="bold" fill="#7A4B00" text-anchor="middle">PRO</text></g>` : ''}
${lines.join('\n')}
<text x="70" y="${h - 60}" font-size="26" font-weight="bold" fill="#ffffff" opacity="0.85">${job.featureCount} references</text>
</svg>`;
}

/** Rounded corners for a screenshot laid on the cover. */
async function rounded(
  input: Buffer,
  maxW: number,
  maxH: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const resized = await sharp(input)
    .resize({ width: maxW, height: maxH, fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = resized.info;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="22" fill="#fff"/></svg>`,
  );
  const data = await sharp(resized.data)
    .composite([{ input: mask, blend: 'dest-in' }])
    .png()
    .toBuffer();
  return { data, width, height };
}

/** The cover's bytes (WebP): the SVG with up to three screenshots (raw image bytes) fanned out on the right. */
export async function renderCover(job: CoverJob, screenshots: Buffer[]): Promise<Buffer> {
  const { w, h } = COVER_SIZE;
  const layers: OverlayOptions[] = [];
  const shots = await Promise.all(screenshots.slice(0, 3).map((b) => rounded(b, 420, 520)));
  // Back to front: the first screenshot ends on top, nearest the viewer.
  const slots = [
    { dx: 0, dy: 0 },
    { dx: -150, dy: -40 },
    { dx: 150, dy: -40 },
  ];
  const centreX = 960;
  const centreY = h / 2 + 40;
  for (let i = shots.length - 1; i >= 0; i--) {
    const shot = shots[i];
    const left = Math.round(Math.min(w - shot.width - 20, Math.max(660, centreX + slots[i].dx - shot.width / 2)));
    const top = Math.round(Math.min(h - shot.height - 20, Math.max(20, centreY + slots[i].dy - shot.height / 2)));
    const shadow = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${shot.width + 24}" height="${shot.height + 24}"><rect x="12" y="16" width="${shot.width}" height="${shot.height}" rx="24" fill="#000" opacity="0.35"/></svg>`,
    );
    layers.push({ input: shadow, left: left - 12, top: top - 12 }, { input: shot.data, left, top });
  }
  return sharp(Buffer.from(coverSvg(job)))
    .composite(layers)
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
}
