import { circle, darken, fitSize, lighten, polygon, rect, star, text } from './kit';

/**
 * Small game icons drawn from shapes, picked from a label's words ("500 Coins" → coin, "3 Rockets" → rocket),
 * so a reward list or shop grid shows what it sells.
 */
export type IconKind =
  | 'coin'
  | 'gem'
  | 'heart'
  | 'star'
  | 'chest'
  | 'rocket'
  | 'bomb'
  | 'hammer'
  | 'ticket'
  | 'crown'
  | 'gift'
  | 'bolt'
  | 'dice'
  | 'card'
  | 'shield'
  | 'sword'
  | 'key'
  | 'clock'
  | 'trophy'
  | 'person';

const KEYWORDS: [IconKind, RegExp][] = [
  ['coin', /coin|gold|cash|\$|money|chip/i],
  ['gem', /gem|diamond|crystal|ruby|jewel|emerald|primogem|gold bar/i],
  ['heart', /li(fe|ves)|heart|health|hp\b/i],
  ['rocket', /rocket|booster|propeller|boost/i],
  ['bomb', /bomb|tnt|dynamite|blast/i],
  ['hammer', /hammer|pickaxe|tool|shovel|axe\b/i],
  ['ticket', /ticket|pass|token|voucher/i],
  ['crown', /crown|vip|king|queen|royal|premium/i],
  ['chest', /chest|box|crate|loot|pack|bundle|bag/i],
  ['gift', /gift|present|free|bonus|daily/i],
  ['bolt', /energy|bolt|stamina|speed|spin|roll/i],
  ['dice', /dice|die\b|roll/i],
  ['card', /card|sticker|album|collect|hero|character|skin/i],
  ['shield', /shield|defen|armor|protect|guard/i],
  ['sword', /sword|attack|battle|weapon|troop|army|damage|kill/i],
  ['key', /key|unlock/i],
  ['clock', /time|hour|min|day|timer|\d+h\b|\d+d\b/i],
  ['trophy', /trophy|rank|league|win|cup|medal|place|score/i],
  ['person', /friend|player|team|guild|clan|member|avatar|profile/i],
  ['star', /star|xp|level|point|exp/i],
];

export function iconFor(label: string, fallbackIndex = 0): IconKind {
  for (const [kind, re] of KEYWORDS) if (re.test(label)) return kind;
  const fallback: IconKind[] = ['star', 'gem', 'coin', 'gift', 'chest', 'bolt'];
  return fallback[fallbackIndex % fallback.length];
}

/** An icon of `size` (its bounding box) centred on (cx, cy). */
export function icon(kind: IconKind, cx: number, cy: number, size: number): string {
  const s = size / 2;
  switch (kind) {
    case 'coin':
      return (
        circle(cx, cy, s, '#E8A200') +
        circle(cx, cy, s * 0.8, '#FFD23F') +
        text(cx, cy + s * 0.35, '$', { size: s, fill: '#B97800', bold: true, anchor: 'middle' })
      );
    case 'gem':
      return (
        polygon(
          [
            [cx - s * 0.9, cy - s * 0.3],
            [cx - s * 0.45, cy - s * 0.85],
            [cx + s * 0.45, cy - s * 0.85],
            [cx + s * 0.9, cy - s * 0.3],
            [cx, cy + s * 0.95],
          ],
          '#3CC8F0',
          { stroke: '#1B7FB8', sw: s * 0.1 },
        ) +
        polygon(
          [
            [cx - s * 0.45, cy - s * 0.3],
            [cx + s * 0.45, cy - s * 0.3],
            [cx, cy + s * 0.8],
          ],
          '#9EE8FF',
          { opacity: 0.7 },
        )
      );
    case 'heart':
      return `<path d="M ${cx} ${cy + s * 0.85} C ${cx - s * 1.3} ${cy - s * 0.1}, ${cx - s * 0.6} ${cy - s * 1.05}, ${cx} ${cy - s * 0.4} C ${cx + s * 0.6} ${cy - s * 1.05}, ${cx + s * 1.3} ${cy - s * 0.1}, ${cx} ${cy + s * 0.85} Z" fill="#F0405A" stroke="#A8132E" stroke-width="${s * 0.1}"/>`;
    case 'star':
      return star(cx, cy + s * 0.05, s, '#FFC93C', '#D18B00');
    case 'chest':
      return (
        rect(cx - s * 0.9, cy - s * 0.2, s * 1.8, s, '#9A5B2A', { rx: s * 0.12, stroke: '#5C3312', sw: s * 0.08 }) +
        rect(cx - s * 0.9, cy - s * 0.75, s * 1.8, s * 0.6, '#B8723A', {
          rx: s * 0.3,
          stroke: '#5C3312',
          sw: s * 0.08,
        }) +
        rect(cx - s * 0.15, cy - s * 0.35, s * 0.3, s * 0.4, '#FFD23F', { rx: s * 0.05 })
      );
    case 'rocket':
      return (
        polygon(
          [
            [cx, cy - s],
            [cx + s * 0.4, cy - s * 0.2],
            [cx + s * 0.4, cy + s * 0.5],
            [cx - s * 0.4, cy + s * 0.5],
            [cx - s * 0.4, cy - s * 0.2],
          ],
          '#E63946',
          { stroke: '#8E1B24', sw: s * 0.08 },
        ) +
        polygon(
          [
            [cx - s * 0.4, cy + s * 0.1],
            [cx - s * 0.8, cy + s * 0.7],
            [cx - s * 0.4, cy + s * 0.5],
          ],
          '#F2B705',
        ) +
        polygon(
          [
            [cx + s * 0.4, cy + s * 0.1],
            [cx + s * 0.8, cy + s * 0.7],
            [cx + s * 0.4, cy + s * 0.5],
          ],
          '#F2B705',
        ) +
        circle(cx, cy - s * 0.2, s * 0.18, '#BDE8FF') +
        polygon(
          [
            [cx - s * 0.25, cy + s * 0.5],
            [cx, cy + s],
            [cx + s * 0.25, cy + s * 0.5],
          ],
          '#FF9F1C',
        )
      );
    case 'bomb':
      return (
        circle(cx - s * 0.1, cy + s * 0.15, s * 0.75, '#2B2D42') +
        circle(cx - s * 0.35, cy - s * 0.1, s * 0.2, '#8D99AE', { opacity: 0.7 }) +
        rect(cx + s * 0.2, cy - s * 0.85, s * 0.2, s * 0.45, '#8D6E63') +
        star(cx + s * 0.45, cy - s * 0.85, s * 0.28, '#FF9F1C')
      );
    case 'hammer':
      return (
        rect(cx - s * 0.1, cy - s * 0.3, s * 0.2, s * 1.25, '#9A5B2A', { rx: s * 0.08 }) +
        rect(cx - s * 0.75, cy - s * 0.85, s * 1.5, s * 0.55, '#8D99AE', {
          rx: s * 0.1,
          stroke: '#4A5568',
          sw: s * 0.08,
        })
      );
    case 'ticket':
      return (
        rect(cx - s, cy - s * 0.55, s * 2, s * 1.1, '#FF7A59', { rx: s * 0.15, stroke: '#B23A1E', sw: s * 0.08 }) +
        circle(cx - s, cy, s * 0.22, '#ffffff') +
        circle(cx + s, cy, s * 0.22, '#ffffff') +
        star(cx, cy, s * 0.35, '#FFE9A8')
      );
    case 'crown':
      return (
        polygon(
          [
            [cx - s, cy + s * 0.6],
            [cx - s, cy - s * 0.5],
            [cx - s * 0.5, cy],
            [cx, cy - s * 0.8],
            [cx + s * 0.5, cy],
            [cx + s, cy - s * 0.5],
            [cx + s, cy + s * 0.6],
          ],
          '#FFC93C',
          { stroke: '#B07800', sw: s * 0.1 },
        ) + circle(cx, cy + s * 0.2, s * 0.15, '#E63946')
      );
    case 'gift':
      return (
        rect(cx - s * 0.85, cy - s * 0.3, s * 1.7, s * 1.15, '#8E44AD', { rx: s * 0.1 }) +
        rect(cx - s * 0.95, cy - s * 0.6, s * 1.9, s * 0.4, '#A569BD', { rx: s * 0.08 }) +
        rect(cx - s * 0.15, cy - s * 0.6, s * 0.3, s * 1.45, '#FFD23F') +
        circle(cx - s * 0.3, cy - s * 0.75, s * 0.22, '#FFD23F') +
        circle(cx + s * 0.3, cy - s * 0.75, s * 0.22, '#FFD23F')
      );
    case 'bolt':
      return polygon(
        [
          [cx + s * 0.2, cy - s],
          [cx - s * 0.6, cy + s * 0.15],
          [cx - s * 0.05, cy + s * 0.15],
          [cx - s * 0.25, cy + s],
          [cx + s * 0.6, cy - s * 0.15],
          [cx + s * 0.05, cy - s * 0.15],
        ],
        '#FFD23F',
        { stroke: '#C48A00', sw: s * 0.08 },
      );
    case 'dice':
      return (
        rect(cx - s * 0.8, cy - s * 0.8, s * 1.6, s * 1.6, '#ffffff', {
          rx: s * 0.3,
          stroke: '#9AA0B4',
          sw: s * 0.08,
        }) +
        [
          [-0.4, -0.4],
          [0.4, 0.4],
          [0, 0],
          [0.4, -0.4],
          [-0.4, 0.4],
        ]
          .map(([dx, dy]) => circle(cx + dx * s, cy + dy * s, s * 0.14, '#E63946'))
          .join('')
      );
    case 'card':
      return (
        rect(cx - s * 0.65, cy - s * 0.9, s * 1.3, s * 1.8, '#ffffff', {
          rx: s * 0.15,
          stroke: '#6B2FA8',
          sw: s * 0.1,
        }) +
        rect(cx - s * 0.45, cy - s * 0.7, s * 0.9, s * 0.9, '#C9B6F2', { rx: s * 0.08 }) +
        star(cx, cy - s * 0.25, s * 0.3, '#6B2FA8')
      );
    case 'shield':
      return (
        `<path d="M ${cx} ${cy - s} L ${cx + s * 0.85} ${cy - s * 0.6} L ${cx + s * 0.7} ${cy + s * 0.3} L ${cx} ${cy + s} L ${cx - s * 0.7} ${cy + s * 0.3} L ${cx - s * 0.85} ${cy - s * 0.6} Z" fill="#4C7BE8" stroke="#23408E" stroke-width="${s * 0.1}"/>` +
        star(cx, cy - s * 0.05, s * 0.4, '#FFD23F')
      );
    case 'sword':
      return (
        polygon(
          [
            [cx + s * 0.8, cy - s * 0.9],
            [cx + s * 0.95, cy - s * 0.75],
            [cx - s * 0.2, cy + s * 0.4],
            [cx - s * 0.35, cy + s * 0.25],
          ],
          '#D9DEE8',
          { stroke: '#6B7280', sw: s * 0.06 },
        ) +
        rect(cx - s * 0.75, cy + s * 0.1, s * 0.7, s * 0.18, '#9A5B2A', { rx: s * 0.05 }) +
        polygon(
          [
            [cx - s * 0.35, cy + s * 0.3],
            [cx - s * 0.85, cy + s * 0.8],
            [cx - s * 0.7, cy + s * 0.95],
            [cx - s * 0.2, cy + s * 0.45],
          ],
          '#5C3312',
        )
      );
    case 'key':
      return (
        circle(cx - s * 0.45, cy, s * 0.45, 'none', { stroke: '#E8A200', sw: s * 0.22 }) +
        rect(cx - s * 0.05, cy - s * 0.11, s, s * 0.22, '#E8A200') +
        rect(cx + s * 0.6, cy, s * 0.15, s * 0.4, '#E8A200') +
        rect(cx + s * 0.3, cy, s * 0.15, s * 0.3, '#E8A200')
      );
    case 'clock':
      return (
        circle(cx, cy, s * 0.9, '#ffffff', { stroke: '#2D3142', sw: s * 0.14 }) +
        rect(cx - s * 0.06, cy - s * 0.6, s * 0.12, s * 0.65, '#2D3142') +
        rect(cx - s * 0.06, cy - s * 0.06, s * 0.45, s * 0.12, '#2D3142')
      );
    case 'trophy':
      return (
        rect(cx - s * 0.6, cy - s * 0.85, s * 1.2, s * 0.9, '#FFC93C', {
          rx: s * 0.35,
          stroke: '#B07800',
          sw: s * 0.08,
        }) +
        rect(cx - s * 0.12, cy, s * 0.24, s * 0.5, '#E8A200') +
        rect(cx - s * 0.5, cy + s * 0.5, s, s * 0.3, '#9A5B2A', { rx: s * 0.05 }) +
        circle(cx - s * 0.75, cy - s * 0.45, s * 0.25, 'none', { stroke: '#E8A200', sw: s * 0.12 }) +
        circle(cx + s * 0.75, cy - s * 0.45, s * 0.25, 'none', { stroke: '#E8A200', sw: s * 0.12 })
      );
    case 'person':
      return (
        circle(cx, cy - s * 0.35, s * 0.42, '#F5C99B', { stroke: '#8C5A2B', sw: s * 0.06 }) +
        `<path d="M ${cx - s * 0.8} ${cy + s * 0.95} Q ${cx} ${cy - s * 0.2} ${cx + s * 0.8} ${cy + s * 0.95} Z" fill="#4C7BE8"/>`
      );
  }
}

/** A rounded tile with an icon and a caption underneath: the unit of shops, rewards and tracks. */
export function iconTile(x: number, y: number, w: number, h: number, label: string, bg: string, index = 0): string {
  const iconSize = Math.min(w, h) * 0.5;
  return (
    rect(x, y, w, h, bg, { rx: Math.min(w, h) * 0.14, stroke: darken(bg, 0.2), sw: 3 }) +
    rect(x + 6, y + 6, w - 12, h * 0.3, lighten(bg, 0.3), { rx: Math.min(w, h) * 0.1, opacity: 0.5 }) +
    icon(iconFor(label, index), x + w / 2, y + h * 0.42, iconSize) +
    text(x + w / 2, y + h - h * 0.1, label, {
      size: fitSize(label, w - 12, Math.max(14, Math.min(h * 0.14, 26)), true, 13),
      fill: '#ffffff',
      bold: true,
      anchor: 'middle',
      maxWidth: w - 10,
      stroke: darken(bg, 0.45),
    })
  );
}
