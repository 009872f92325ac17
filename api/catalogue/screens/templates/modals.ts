import type { ScreenDescriptor } from '../../catalogue-files';
import { CTA_GREEN, background, closeButton, panel, ribbon, veil, type ScreenContext } from '../chrome';
import { icon, iconFor, iconTile } from '../icons';
import {
  burst,
  button,
  circle,
  darken,
  fitSize,
  inkOn,
  lighten,
  line,
  paragraph,
  pill,
  polygon,
  rect,
  text,
} from '../kit';
import { gameScreenBody, playfield } from '../playfield';

/** Modal screens drawn over the game: offer, popup, reward, dialog, tutorial. Each returns {defs, body}. */
export type Drawn = { defs: string; body: string };

/** The panel box for a modal: tall on portrait, wide on landscape. */
function modalBox(ctx: ScreenContext, portraitH: number, landscapeW = 820) {
  return ctx.portrait
    ? { x: 40 * ctx.u, y: (ctx.h - portraitH) / 2 + 30, w: ctx.w - 80 * ctx.u, h: portraitH }
    : { x: (ctx.w - landscapeW) / 2, y: 80, w: landscapeW, h: ctx.h - 130 };
}

function titleRibbon(ctx: ScreenContext, box: { x: number; y: number; w: number }, title: string): string {
  const h = 86 * ctx.u;
  const w = box.w - 60 * ctx.u;
  const color = ctx.palette[1];
  const ink = inkOn(color);
  return (
    ribbon(box.x + 30 * ctx.u, box.y - h / 2, w, h, color) +
    text(box.x + box.w / 2, box.y + h * 0.16, title, {
      size: 42 * ctx.u,
      fill: ink,
      bold: true,
      anchor: 'middle',
      maxWidth: w - 60,
      stroke: ink === '#ffffff' ? darken(color, 0.5) : undefined,
    })
  );
}

function timerPill(ctx: ScreenContext, cx: number, y: number, label: string): string {
  const w = Math.min(360, 90 + label.length * 17) * ctx.u;
  const h = 48 * ctx.u;
  return (
    rect(cx - w / 2, y, w, h, '#2D3142', { rx: h / 2 }) +
    icon('clock', cx - w / 2 + h * 0.55, y + h / 2, h * 0.7) +
    text(cx + h * 0.3, y + h * 0.68, label, {
      size: 24 * ctx.u,
      fill: '#ffffff',
      bold: true,
      anchor: 'middle',
      maxWidth: w - h * 1.4,
    })
  );
}

/** An old price struck through, then the buy button with the price. */
function priceBlock(ctx: ScreenContext, cx: number, y: number, s: ScreenDescriptor, width: number): string {
  let out = '';
  let by = y;
  if (s.oldPrice) {
    const size = 30 * ctx.u;
    const w = s.oldPrice.length * size * 0.58;
    out +=
      text(cx, y + size, s.oldPrice, { size, fill: '#8A8FA3', bold: true, anchor: 'middle' }) +
      line(cx - w / 2 - 4, y + size * 0.62, cx + w / 2 + 4, y + size * 0.62, '#E63946', 4);
    by += size + 14 * ctx.u;
  }
  const label = s.buttons?.[0] && s.price ? `${s.price}` : (s.buttons?.[0] ?? s.price ?? 'Get');
  out += button(cx - width / 2, by, width, 92 * ctx.u, label, CTA_GREEN, 40 * ctx.u);
  return out;
}

function itemGrid(
  ctx: ScreenContext,
  items: string[],
  x: number,
  y: number,
  w: number,
  h: number,
  cols: number,
): string {
  if (items.length === 0) return '';
  const rows = Math.ceil(items.length / cols);
  const gap = 14 * ctx.u;
  const cw = Math.min((w - gap * (cols - 1)) / cols, ((h - gap * (rows - 1)) / rows) * 1.1);
  const ch = Math.min((h - gap * (rows - 1)) / rows, cw * 1.05);
  const used = rows * ch + (rows - 1) * gap;
  const oy = y + (h - used) / 2;
  return items
    .map((item, i) => {
      const row = Math.floor(i / cols);
      const inRow = Math.min(cols, items.length - row * cols);
      const ox = x + (w - (inRow * cw + (inRow - 1) * gap)) / 2;
      return iconTile(
        ox + (i % cols) * (cw + gap),
        oy + row * (ch + gap),
        cw,
        ch,
        item,
        lighten(ctx.palette[0], 0.05),
        i,
      );
    })
    .join('');
}

function rays(ctx: ScreenContext, cx: number, cy: number, radius: number, color: string, n = 16): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i * 2 * Math.PI) / n;
    const b = a + Math.PI / n;
    out.push(
      polygon(
        [
          [cx, cy],
          [cx + radius * Math.cos(a), cy + radius * Math.sin(a)],
          [cx + radius * Math.cos(b), cy + radius * Math.sin(b)],
        ],
        color,
        { opacity: 0.22 },
      ),
    );
  }
  return out.join('');
}

export function offer(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const bg = background(ctx);
  const box = modalBox(ctx, 900);
  const items = s.items ?? [];
  const parts = [
    gameScreenBody(ctx, bg.svg),
    veil(ctx),
    panel(ctx, box.x, box.y, box.w, box.h),
    titleRibbon(ctx, box, s.title),
  ];
  let y = box.y + 70 * ctx.u;
  if (s.subtitle) {
    parts.push(
      text(box.x + box.w / 2, y + 20 * ctx.u, s.subtitle, {
        size: 28 * ctx.u,
        fill: '#3A3F55',
        bold: true,
        anchor: 'middle',
        maxWidth: box.w - 80,
      }),
    );
    y += 44 * ctx.u;
  }
  const heroH = ctx.portrait ? 200 * ctx.u : 0;
  if (heroH) {
    const cx = box.x + box.w / 2;
    parts.push(
      rays(ctx, cx, y + heroH / 2, 220 * ctx.u, ctx.palette[2]),
      icon(iconFor(s.title, 4), cx, y + heroH / 2, 170 * ctx.u),
    );
    y += heroH;
  }
  const footerH = (s.oldPrice ? 44 : 0) * ctx.u + (s.timer ? 64 : 0) * ctx.u + 130 * ctx.u;
  const gridH = box.y + box.h - footerH - y - 10;
  parts.push(
    itemGrid(
      ctx,
      items.slice(0, 8),
      box.x + 40 * ctx.u,
      y,
      box.w - 80 * ctx.u,
      gridH,
      ctx.portrait ? Math.min(3, Math.max(1, items.length)) : Math.min(4, Math.max(1, items.length)),
    ),
  );
  y += gridH + 10;
  if (s.timer) {
    parts.push(timerPill(ctx, box.x + box.w / 2, y, s.timer));
    y += 64 * ctx.u;
  }
  parts.push(priceBlock(ctx, box.x + box.w / 2, y, s, Math.min(420 * ctx.u, box.w - 120)));
  if (s.badge) parts.push(burst(box.x + box.w - 40 * ctx.u, box.y + 40 * ctx.u, 70 * ctx.u, s.badge, '#E63946'));
  else parts.push(closeButton(box.x + box.w - 20 * ctx.u, box.y + 10 * ctx.u, 32 * ctx.u));
  return { defs: bg.defs, body: parts.join('') };
}

export function popup(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const bg = background(ctx);
  const buttons = s.buttons?.length ? s.buttons : ['OK'];
  const items = s.items ?? [];
  const box = modalBox(ctx, 640 + items.length * 20, 760);
  const parts = [
    gameScreenBody(ctx, bg.svg),
    veil(ctx),
    panel(ctx, box.x, box.y, box.w, box.h),
    titleRibbon(ctx, box, s.title),
    closeButton(box.x + box.w - 20 * ctx.u, box.y + 10 * ctx.u, 32 * ctx.u),
  ];
  let y = box.y + 80 * ctx.u;
  const iconSize = ctx.portrait ? 150 * ctx.u : 110 * ctx.u;
  parts.push(
    circle(box.x + box.w / 2, y + iconSize / 2, iconSize * 0.62, lighten(ctx.palette[2], 0.55)),
    icon(iconFor(`${s.title} ${s.subtitle ?? ''}`, 3), box.x + box.w / 2, y + iconSize / 2, iconSize),
  );
  y += iconSize + 50 * ctx.u;
  if (s.subtitle) {
    const p = paragraph(box.x + box.w / 2, y, s.subtitle, box.w - 100 * ctx.u, {
      size: 28 * ctx.u,
      fill: '#3A3F55',
      anchor: 'middle',
      maxLines: ctx.portrait ? 5 : 3,
    });
    parts.push(p.svg);
    y = p.bottom + 24 * ctx.u;
  }
  for (const [i, item] of items.slice(0, 6).entries()) {
    parts.push(
      icon(iconFor(item, i), box.x + 80 * ctx.u, y + 12 * ctx.u, 34 * ctx.u),
      text(box.x + 110 * ctx.u, y + 22 * ctx.u, item, {
        size: 25 * ctx.u,
        fill: '#2D3142',
        maxWidth: box.w - 150 * ctx.u,
      }),
    );
    y += 44 * ctx.u;
  }
  const bh = 84 * ctx.u;
  const colors = [CTA_GREEN, '#4C7BE8', '#8A8FA3'];
  if (ctx.portrait) {
    let by = box.y + box.h - 40 * ctx.u - buttons.length * (bh + 18 * ctx.u);
    buttons.forEach((label, i) => {
      parts.push(button(box.x + 70 * ctx.u, by, box.w - 140 * ctx.u, bh, label, colors[i]));
      by += bh + 18 * ctx.u;
    });
  } else {
    const bw = (box.w - 80 * ctx.u - (buttons.length - 1) * 20) / buttons.length;
    buttons.forEach((label, i) =>
      parts.push(
        button(
          box.x + 40 * ctx.u + i * (bw + 20),
          box.y + box.h - bh - 40 * ctx.u,
          bw,
          bh,
          label,
          colors[i],
          32 * ctx.u,
        ),
      ),
    );
  }
  return { defs: bg.defs, body: parts.join('') };
}

export function reward(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const bg = background(ctx);
  const cx = ctx.w / 2;
  const heroY = ctx.portrait ? ctx.h * 0.36 : 320 * ctx.u;
  const items = s.items ?? [];
  const parts = [
    gameScreenBody(ctx, bg.svg),
    veil(ctx, 0.78),
    rays(ctx, cx, heroY, Math.max(ctx.w, ctx.h), ctx.palette[2], 20),
  ];
  parts.push(
    text(cx, (ctx.portrait ? 230 : 150) * ctx.u, s.title, {
      size: fitSize(s.title, ctx.w - 60, 62 * ctx.u, true),
      fill: lighten(ctx.palette[2], 0.2),
      bold: true,
      anchor: 'middle',
      maxWidth: ctx.w - 60,
      stroke: darken(ctx.palette[0], 0.5),
    }),
  );
  if (s.subtitle)
    parts.push(
      text(cx, (ctx.portrait ? 290 : 196) * ctx.u, s.subtitle, {
        size: 30 * ctx.u,
        fill: '#ffffff',
        bold: true,
        anchor: 'middle',
        maxWidth: ctx.w - 80,
      }),
    );
  const heroSize = (ctx.portrait ? 300 : 170) * ctx.u;
  parts.push(icon(iconFor(s.title, 4), cx, heroY, heroSize));
  const rowY = heroY + heroSize * 0.62;
  const rowH = (ctx.portrait ? 420 : 160) * ctx.u;
  parts.push(
    itemGrid(
      ctx,
      items.slice(0, 8),
      40 * ctx.u,
      rowY,
      ctx.w - 80 * ctx.u,
      rowH,
      ctx.portrait ? 3 : Math.min(6, Math.max(1, items.length)),
    ),
  );
  if (s.badge) parts.push(burst(cx + heroSize * 0.5, heroY - heroSize * 0.4, 60 * ctx.u, s.badge, '#E63946'));
  const label = s.buttons?.[0] ?? 'Claim';
  const bw = 380 * ctx.u;
  parts.push(
    button(
      cx - bw / 2,
      ctx.h - (ctx.portrait ? 170 : 120) * ctx.u,
      bw,
      (ctx.portrait ? 88 : 74) * ctx.u,
      label,
      CTA_GREEN,
    ),
  );
  if (s.buttons?.[1])
    parts.push(
      text(cx, ctx.h - (ctx.portrait ? 40 : 14) * ctx.u, s.buttons[1], {
        size: 26 * ctx.u,
        fill: '#ffffff',
        anchor: 'middle',
        opacity: 0.85,
      }),
    );
  return { defs: bg.defs, body: parts.join('') };
}

/** A person drawn from shapes, tinted by the palette: the speaker of dialogs and the owner of profiles. */
export function character(ctx: ScreenContext, cx: number, bottom: number, height: number, tint: string): string {
  const head = height * 0.2;
  const skin = ['#F5C99B', '#D9A06B', '#8C5A2B'][Math.floor(ctx.rand() * 3)];
  return (
    `<path d="M ${cx - height * 0.32} ${bottom} Q ${cx - height * 0.34} ${bottom - height * 0.55} ${cx} ${bottom - height * 0.58} Q ${cx + height * 0.34} ${bottom - height * 0.55} ${cx + height * 0.32} ${bottom} Z" fill="${tint}" stroke="${darken(tint, 0.4)}" stroke-width="4"/>` +
    circle(cx, bottom - height * 0.72, head, skin, { stroke: darken(skin, 0.4), sw: 4 }) +
    `<path d="M ${cx - head} ${bottom - height * 0.74} Q ${cx} ${bottom - height * 1.02} ${cx + head} ${bottom - height * 0.74} Q ${cx} ${bottom - height * 0.84} ${cx - head} ${bottom - height * 0.74} Z" fill="${darken(ctx.palette[1], 0.3)}"/>` +
    circle(cx - head * 0.35, bottom - height * 0.72, head * 0.1, '#1d2233') +
    circle(cx + head * 0.35, bottom - height * 0.72, head * 0.1, '#1d2233') +
    `<path d="M ${cx - head * 0.3} ${bottom - height * 0.64} Q ${cx} ${bottom - height * 0.6} ${cx + head * 0.3} ${bottom - height * 0.64}" stroke="#8E1B24" stroke-width="4" fill="none"/>`
  );
}

export function dialog(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const bg = background(ctx);
  const lines = s.items?.length ? s.items : [s.title];
  const choices = s.buttons ?? [];
  const parts = [gameScreenBody(ctx, bg.svg), veil(ctx, 0.35)];
  parts.push(pill(ctx.w / 2 - 220 * ctx.u, 120 * ctx.u, 440 * ctx.u, 56 * ctx.u, s.title, darken(ctx.palette[1], 0.1)));
  const charH = (ctx.portrait ? 560 : 520) * ctx.u;
  const charX = ctx.portrait ? ctx.w * 0.28 : ctx.w * 0.18;
  const bubble = ctx.portrait
    ? { x: 30 * ctx.u, y: ctx.h - 560 * ctx.u, w: ctx.w - 60 * ctx.u, h: 300 * ctx.u }
    : { x: ctx.w * 0.33, y: 215 * ctx.u, w: ctx.w * 0.63, h: 250 * ctx.u };
  parts.push(character(ctx, charX, ctx.portrait ? bubble.y + 40 : ctx.h, charH, ctx.palette[0]));
  parts.push(
    rect(bubble.x, bubble.y, bubble.w, bubble.h, '#ffffff', {
      rx: 30 * ctx.u,
      stroke: darken(ctx.palette[0], 0.3),
      sw: 5,
    }),
  );
  if (s.subtitle)
    parts.push(
      pill(
        bubble.x + 30 * ctx.u,
        bubble.y - 28 * ctx.u,
        Math.min(bubble.w - 60, 60 + s.subtitle.length * 17) * ctx.u,
        52 * ctx.u,
        s.subtitle,
        ctx.palette[2],
      ),
    );
  let y = bubble.y + 70 * ctx.u;
  for (const l of lines.slice(0, 4)) {
    const p = paragraph(bubble.x + 36 * ctx.u, y, l, bubble.w - 72 * ctx.u, {
      size: 28 * ctx.u,
      fill: '#2D3142',
      maxLines: 2,
    });
    parts.push(p.svg);
    y = p.bottom + 26 * ctx.u;
    if (y > bubble.y + bubble.h - 30) break;
  }
  const bh = 74 * ctx.u;
  const choiceTop = ctx.portrait ? bubble.y + bubble.h + 24 * ctx.u : bubble.y + bubble.h + 26 * ctx.u;
  choices.forEach((label, i) => {
    const bw = ctx.portrait ? bubble.w : bubble.w;
    parts.push(
      button(
        bubble.x,
        choiceTop + i * (bh + 14 * ctx.u),
        bw,
        bh,
        label,
        i === 0 ? '#4C7BE8' : i === 1 ? '#9B5DE5' : '#F08A24',
        30 * ctx.u,
      ),
    );
  });
  if (!choices.length)
    parts.push(
      polygon(
        [
          [bubble.x + bubble.w - 60, bubble.y + bubble.h - 40],
          [bubble.x + bubble.w - 30, bubble.y + bubble.h - 40],
          [bubble.x + bubble.w - 45, bubble.y + bubble.h - 20],
        ],
        '#8A8FA3',
      ),
    );
  return { defs: bg.defs, body: parts.join('') };
}

export function tutorial(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const bg = background(ctx);
  const box = ctx.portrait
    ? { x: 30 * ctx.u, y: 250 * ctx.u, w: ctx.w - 60 * ctx.u, h: ctx.h - 610 * ctx.u }
    : { x: 200 * ctx.u, y: 120 * ctx.u, w: ctx.w - 400 * ctx.u, h: ctx.h - 150 * ctx.u };
  const hole = {
    cx: box.x + box.w * (0.35 + ctx.rand() * 0.3),
    cy: box.y + box.h * (0.35 + ctx.rand() * 0.3),
    r: 110 * ctx.u,
  };
  const parts = [bg.svg, playfield(ctx, box)];
  // The veil with a spotlight hole around what the player must tap.
  parts.push(
    `<path fill-rule="evenodd" fill="#000000" opacity="0.62" d="M0 0 H${ctx.w} V${ctx.h} H0 Z M${hole.cx - hole.r} ${hole.cy} a${hole.r} ${hole.r} 0 1 0 ${hole.r * 2} 0 a${hole.r} ${hole.r} 0 1 0 ${-hole.r * 2} 0 Z"/>`,
  );
  parts.push(circle(hole.cx, hole.cy, hole.r, 'none', { stroke: '#FFE066', sw: 6 }));
  parts.push(hand(hole.cx + hole.r * 0.35, hole.cy + hole.r * 0.35, 150 * ctx.u));
  parts.push(pill(ctx.w / 2 - 200 * ctx.u, 60 * ctx.u, 400 * ctx.u, 60 * ctx.u, s.title, ctx.palette[1]));
  const hint = s.subtitle ?? s.items?.[0] ?? s.title;
  const bw = ctx.portrait ? ctx.w - 80 * ctx.u : 520 * ctx.u;
  const bx = ctx.portrait ? 40 * ctx.u : hole.cx > ctx.w / 2 ? 40 * ctx.u : ctx.w - bw - 40 * ctx.u;
  const by = ctx.portrait ? (hole.cy > ctx.h / 2 ? 150 * ctx.u : ctx.h - 330 * ctx.u) : 170 * ctx.u;
  parts.push(rect(bx, by, bw, 200 * ctx.u, '#ffffff', { rx: 28 * ctx.u, stroke: ctx.palette[0], sw: 6 }));
  parts.push(character(ctx, bx + 80 * ctx.u, by + 190 * ctx.u, 170 * ctx.u, ctx.palette[2]));
  parts.push(
    paragraph(bx + 170 * ctx.u, by + 60 * ctx.u, hint, bw - 200 * ctx.u, {
      size: 28 * ctx.u,
      fill: '#2D3142',
      bold: true,
      maxLines: 4,
    }).svg,
  );
  const steps = Math.max(3, s.items?.length ?? 0);
  for (let i = 0; i < steps; i++)
    parts.push(
      circle(
        ctx.w / 2 + (i - (steps - 1) / 2) * 30 * ctx.u,
        ctx.h - 40 * ctx.u,
        9 * ctx.u,
        i === 0 ? '#ffffff' : '#8A8FA3',
      ),
    );
  if (s.buttons?.[0])
    parts.push(button(ctx.w / 2 - 170 * ctx.u, ctx.h - 150 * ctx.u, 340 * ctx.u, 76 * ctx.u, s.buttons[0], CTA_GREEN));
  return { defs: bg.defs, body: parts.join('') };
}

/** A pointing hand (index finger up-left) with its tip at (x, y). */
function hand(x: number, y: number, size: number): string {
  const s = size / 100;
  return `<g transform="translate(${x} ${y}) rotate(-30) scale(${s})"><path d="M0 0 C 8 -4 16 0 16 10 L 16 48 C 22 42 34 44 36 52 C 42 46 54 48 56 58 C 62 54 74 58 74 68 L 74 110 C 74 140 56 156 36 156 L 20 156 C 4 156 -10 144 -16 128 L -34 84 C -38 72 -24 64 -16 74 L -2 94 L -2 10 C -2 4 -2 2 0 0 Z" fill="#FFFFFF" stroke="#1d2233" stroke-width="6" stroke-linejoin="round"/></g>`;
}
