import type { ScreenDescriptor } from '../../catalogue-files';
import { CTA_GREEN, background, currencyBar, header, statusBar, type ScreenContext } from '../chrome';
import { icon, iconFor, iconTile } from '../icons';
import { button, circle, darken, fitSize, inkOn, lighten, line, pill, progressBar, rect, star, text } from '../kit';
import { boosterBar, playfield } from '../playfield';
import { splitLabel } from './lists';
import type { Drawn } from './modals';

/** Screens about progress: level map, season pass, event hub, collection album, and the gameplay screen. */

const column = (ctx: ScreenContext) =>
  ctx.portrait ? { x: 30 * ctx.u, w: ctx.w - 60 * ctx.u } : { x: 100 * ctx.u, w: ctx.w - 200 * ctx.u };

function page(ctx: ScreenContext, s: ScreenDescriptor): { defs: string; parts: string[]; top: number } {
  const bg = background(ctx);
  const parts = [bg.svg, statusBar(ctx), currencyBar(ctx)];
  const h = header(ctx, s.title, s.subtitle, 112 * ctx.u);
  parts.push(h.svg);
  return { defs: bg.defs, parts, top: h.bottom + 14 * ctx.u };
}

export function levelMap(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const bg = background(ctx);
  const parts = [bg.svg];
  const progress = s.progress ?? 0.5;
  const n = ctx.portrait ? 9 : 10;
  const nodes: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    nodes.push(
      ctx.portrait
        ? [ctx.w / 2 + Math.sin(t * Math.PI * 2.2) * ctx.w * 0.3, ctx.h - 230 * ctx.u - t * (ctx.h - 480 * ctx.u)]
        : [
            120 * ctx.u + t * (ctx.w - 240 * ctx.u),
            ctx.h / 2 + 40 * ctx.u + Math.sin(t * Math.PI * 2.4) * ctx.h * 0.22,
          ],
    );
  }
  // Scenery along the path: trees and hills in the palette.
  for (let i = 0; i < 16; i++) {
    const x = ctx.rand() * ctx.w;
    const y = 140 * ctx.u + ctx.rand() * (ctx.h - 260 * ctx.u);
    parts.push(
      circle(x, y, (26 + ctx.rand() * 30) * ctx.u, darken('#4CAF50', ctx.rand() * 0.3), { opacity: 0.8 }),
      rect(x - 5, y + 20 * ctx.u, 10, 30 * ctx.u, '#6D4C41'),
    );
  }
  const d = nodes.map(([x, y], i) => `${i ? 'L' : 'M'} ${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
  parts.push(
    `<path d="${d}" fill="none" stroke="#F6E7C1" stroke-width="${46 * ctx.u}" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  parts.push(
    `<path d="${d}" fill="none" stroke="#D9B97A" stroke-width="${8 * ctx.u}" stroke-dasharray="14 18" stroke-linecap="round"/>`,
  );
  const current = Math.min(n - 1, Math.round(progress * (n - 1)));
  const firstLevel = 40 + Math.floor(ctx.rand() * 300);
  const rewards = s.items ?? [];
  const rewardEvery = rewards.length ? Math.max(1, Math.floor(n / (rewards.length + 1))) : 0;
  nodes.forEach(([x, y], i) => {
    const done = i < current;
    const isCurrent = i === current;
    const radius = (isCurrent ? 48 : 38) * ctx.u;
    const color = done ? ctx.palette[0] : isCurrent ? ctx.palette[2] : '#9AA0B4';
    parts.push(
      circle(x, y + 6, radius, darken(color, 0.45)),
      circle(x, y, radius, color, { stroke: '#ffffff', sw: 5 }),
    );
    parts.push(
      text(x, y + radius * 0.35, String(firstLevel + i), {
        size: radius * 0.8,
        fill: inkOn(color),
        bold: true,
        anchor: 'middle',
      }),
    );
    if (done)
      for (let k = -1; k <= 1; k++)
        parts.push(star(x + k * radius * 0.7, y - radius * 1.05 + Math.abs(k) * 8, radius * 0.3, '#FFC93C', '#B07800'));
    if (isCurrent)
      parts.push(
        circle(x, y - radius * 1.9, radius * 0.7, '#ffffff', { stroke: ctx.palette[1], sw: 6 }),
        icon('person', x, y - radius * 1.9, radius),
        `<polygon points="${x - 14},${y - radius * 1.25} ${x + 14},${y - radius * 1.25} ${x},${y - radius * 0.95}" fill="#ffffff"/>`,
      );
    const rewardIndex = rewardEvery ? i / rewardEvery - 1 : -1;
    if (rewardEvery && i % rewardEvery === 0 && rewardIndex >= 0 && rewardIndex < rewards.length) {
      const label = rewards[rewardIndex];
      const side = ctx.portrait ? (x > ctx.w / 2 ? -1 : 1) : 0;
      const rx = x + side * 150 * ctx.u;
      const ry = ctx.portrait ? y : y + (y > ctx.h / 2 ? -110 : 110) * ctx.u;
      parts.push(
        icon(iconFor(label, i), rx, ry, 70 * ctx.u),
        pill(rx - 110 * ctx.u, ry + 38 * ctx.u, 220 * ctx.u, 38 * ctx.u, label, darken(ctx.palette[1], 0.1)),
      );
    }
  });
  parts.push(statusBar(ctx), currencyBar(ctx));
  parts.push(
    pill(
      ctx.w / 2 - 230 * ctx.u,
      108 * ctx.u,
      460 * ctx.u,
      56 * ctx.u,
      s.subtitle ? `${s.title} · ${s.subtitle}` : s.title,
      darken(ctx.palette[1], 0.15),
    ),
  );
  const label = s.buttons?.[0] ?? `Level ${firstLevel + current}`;
  parts.push(button(ctx.w / 2 - 190 * ctx.u, ctx.h - 120 * ctx.u, 380 * ctx.u, 90 * ctx.u, label, CTA_GREEN));
  return { defs: bg.defs, body: parts.join('') };
}

export function pass(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const { defs, parts, top } = page(ctx, s);
  const col = column(ctx);
  let y = top;
  if (s.timer) {
    parts.push(pill(ctx.w / 2 - 160 * ctx.u, y, 320 * ctx.u, 44 * ctx.u, `Ends in ${s.timer}`, '#2D3142'));
    y += 58 * ctx.u;
  }
  const rewards = s.items?.length ? s.items : ['100 Coins', '1 Booster', '2 Gems', 'Chest'];
  const tiers = ctx.portrait ? 5 : 6;
  const progress = s.progress ?? 0.35;
  const done = Math.round(progress * tiers);
  const bottomY = ctx.h - 150 * ctx.u;
  const premium = ctx.palette[2];
  if (ctx.portrait) {
    const headH = 56 * ctx.u;
    parts.push(
      pill(col.x, y, col.w * 0.4, headH, 'FREE', '#4C7BE8'),
      pill(col.x + col.w * 0.6, y, col.w * 0.4, headH, 'PREMIUM', premium),
    );
    y += headH + 16 * ctx.u;
    const rowH = (bottomY - y) / tiers - 12 * ctx.u;
    const trackX = col.x + col.w / 2;
    parts.push(
      rect(trackX - 12, y, 24, tiers * (rowH + 12 * ctx.u), '#2D3142', { rx: 12 }),
      rect(trackX - 12, y, 24, Math.max(0, done) * (rowH + 12 * ctx.u), CTA_GREEN, { rx: 12 }),
    );
    for (let t = 0; t < tiers; t++) {
      const ry = y + t * (rowH + 12 * ctx.u);
      const unlocked = t < done;
      parts.push(
        iconTile(
          col.x,
          ry,
          col.w * 0.4,
          rowH,
          rewards[(t * 2) % rewards.length],
          unlocked ? '#4C7BE8' : darken('#4C7BE8', 0.3),
          t,
        ),
      );
      parts.push(
        iconTile(
          col.x + col.w * 0.6,
          ry,
          col.w * 0.4,
          rowH,
          rewards[(t * 2 + 1) % rewards.length],
          unlocked ? premium : darken(premium, 0.35),
          t + 1,
        ),
      );
      parts.push(
        circle(trackX, ry + rowH / 2, 34 * ctx.u, unlocked ? CTA_GREEN : '#9AA0B4', { stroke: '#ffffff', sw: 4 }),
        text(trackX, ry + rowH / 2 + 11 * ctx.u, String(t + 1), {
          size: 30 * ctx.u,
          fill: '#ffffff',
          bold: true,
          anchor: 'middle',
        }),
      );
      parts.push(icon('key', col.x + col.w * 0.6 + 34 * ctx.u, ry + 30 * ctx.u, 40 * ctx.u));
    }
  } else {
    const labelW = 170 * ctx.u;
    const cw = (col.w - labelW) / tiers - 12 * ctx.u;
    const rowH = Math.min((bottomY - y - 60 * ctx.u) / 2 - 10, cw * 1.1);
    parts.push(
      pill(col.x, y + rowH / 2 - 24, labelW - 14, 48 * ctx.u, 'FREE', '#4C7BE8'),
      pill(col.x, y + rowH + 60 * ctx.u + rowH / 2 - 24, labelW - 14, 48 * ctx.u, 'PREMIUM', premium),
    );
    for (let t = 0; t < tiers; t++) {
      const x = col.x + labelW + t * (cw + 12 * ctx.u);
      const unlocked = t < done;
      parts.push(
        iconTile(x, y, cw, rowH, rewards[(t * 2) % rewards.length], unlocked ? '#4C7BE8' : darken('#4C7BE8', 0.3), t),
      );
      parts.push(
        circle(x + cw / 2, y + rowH + 30 * ctx.u, 24 * ctx.u, unlocked ? CTA_GREEN : '#9AA0B4', {
          stroke: '#ffffff',
          sw: 3,
        }),
        text(x + cw / 2, y + rowH + 39 * ctx.u, String(t + 1), {
          size: 24 * ctx.u,
          fill: '#ffffff',
          bold: true,
          anchor: 'middle',
        }),
      );
      parts.push(
        iconTile(
          x,
          y + rowH + 60 * ctx.u,
          cw,
          rowH,
          rewards[(t * 2 + 1) % rewards.length],
          unlocked ? premium : darken(premium, 0.35),
          t + 1,
        ),
      );
    }
    parts.push(
      line(
        col.x + labelW,
        y + rowH + 30 * ctx.u,
        col.x + labelW + (cw + 12 * ctx.u) * done - 12,
        y + rowH + 30 * ctx.u,
        CTA_GREEN,
        8 * ctx.u,
      ),
    );
  }
  const label = s.buttons?.[0]
    ? s.price
      ? `${s.buttons[0]} ${s.price}`
      : s.buttons[0]
    : s.price
      ? `Unlock ${s.price}`
      : 'Unlock Premium';
  parts.push(
    button(ctx.w / 2 - 250 * ctx.u, ctx.h - 125 * ctx.u, 500 * ctx.u, 90 * ctx.u, label, CTA_GREEN, 34 * ctx.u),
  );
  if (s.badge)
    parts.push(pill(ctx.w / 2 + 150 * ctx.u, ctx.h - 150 * ctx.u, 130 * ctx.u, 44 * ctx.u, s.badge, '#E63946'));
  return { defs, body: parts.join('') };
}

export function event(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const { defs, parts, top } = page(ctx, s);
  const col = column(ctx);
  const bottom = ctx.h - 145 * ctx.u;
  // Portrait: the hero banner above the milestone list; landscape: the banner on the left, the list on the right.
  const hero = ctx.portrait
    ? { x: col.x, y: top, w: col.w, h: 340 * ctx.u }
    : { x: col.x, y: top, w: col.w * 0.4, h: bottom - top };
  parts.push(
    rect(hero.x, hero.y, hero.w, hero.h, darken(ctx.palette[1], 0.1), {
      rx: 30,
      stroke: lighten(ctx.palette[2], 0.2),
      sw: 6,
    }),
  );
  for (let i = 0; i < 10; i++)
    parts.push(
      star(hero.x + ctx.rand() * hero.w, hero.y + ctx.rand() * hero.h, (8 + ctx.rand() * 14) * ctx.u, '#ffffff'),
    );
  parts.push(icon(iconFor(s.title, 2), hero.x + hero.w / 2, hero.y + hero.h * 0.45, Math.min(hero.w, hero.h) * 0.55));
  if (s.timer)
    parts.push(
      pill(
        hero.x + hero.w / 2 - 150 * ctx.u,
        hero.y + hero.h - 64 * ctx.u,
        300 * ctx.u,
        46 * ctx.u,
        `Ends in ${s.timer}`,
        '#2D3142',
      ),
    );
  if (s.badge)
    parts.push(pill(hero.x + hero.w - 170 * ctx.u, hero.y + 20 * ctx.u, 150 * ctx.u, 44 * ctx.u, s.badge, '#E63946'));
  const list = ctx.portrait
    ? { x: col.x, y: hero.y + hero.h + 30 * ctx.u, w: col.w }
    : { x: col.x + col.w * 0.44, y: top, w: col.w * 0.56 };
  parts.push(
    milestoneList(ctx, list.x, list.y, list.w, bottom, s.items?.length ? s.items : ['Reward'], s.progress ?? 0.4),
  );
  const labels = s.buttons?.length ? s.buttons : ['Play'];
  parts.push(button(ctx.w / 2 - 200 * ctx.u, ctx.h - 125 * ctx.u, 400 * ctx.u, 90 * ctx.u, labels[0], CTA_GREEN));
  return { defs, body: parts.join('') };
}

/** Milestones on a vertical track, filled up to `progress`. */
function milestoneList(
  ctx: ScreenContext,
  x: number,
  y: number,
  w: number,
  bottom: number,
  milestones: string[],
  progress: number,
): string {
  const parts: string[] = [];
  const n = Math.min(milestones.length, 8);
  const rowH = Math.min((bottom - y) / n - 10 * ctx.u, 110 * ctx.u);
  const trackX = x + 40 * ctx.u;
  const trackH = n * (rowH + 10 * ctx.u) - 10;
  parts.push(
    rect(trackX - 12, y, 24, trackH, '#2D3142', { rx: 12 }),
    rect(trackX - 12, y, 24, progress * trackH, CTA_GREEN, { rx: 12 }),
  );
  milestones.slice(0, n).forEach((m, i) => {
    const ry = y + i * (rowH + 10 * ctx.u);
    const reached = (i + 1) / n <= progress + 1e-9;
    const [label, goal] = splitLabel(m);
    const cardX = trackX + 44 * ctx.u;
    const cardW = x + w - cardX;
    const textW = cardW - rowH * 1.2;
    parts.push(
      circle(trackX, ry + rowH / 2, 22 * ctx.u, reached ? CTA_GREEN : '#9AA0B4', { stroke: '#ffffff', sw: 4 }),
    );
    parts.push(rect(cardX, ry, cardW, rowH, '#ffffff', { rx: 20, opacity: reached ? 1 : 0.85 }));
    parts.push(icon(iconFor(goal ?? label, i), cardX + rowH * 0.55, ry + rowH / 2, rowH * 0.55));
    parts.push(
      text(cardX + rowH * 1.1, ry + rowH * (goal ? 0.45 : 0.6), label, {
        size: Math.min(28, rowH * 0.28) * ctx.u,
        fill: '#2D3142',
        bold: true,
        maxWidth: textW,
      }),
    );
    if (goal)
      parts.push(
        text(cardX + rowH * 1.1, ry + rowH * 0.76, goal, {
          size: Math.min(22, rowH * 0.2) * ctx.u,
          fill: '#6B7086',
          maxWidth: textW,
        }),
      );
  });
  return parts.join('');
}

export function collection(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const { defs, parts, top } = page(ctx, s);
  const col = column(ctx);
  let y = top;
  const slots = s.items?.length ? s.items : ['Card'];
  const total = ctx.portrait ? 9 : 10;
  const progress = s.progress ?? 0.5;
  const filled = Math.round(progress * total);
  parts.push(
    progressBar(col.x, y, col.w - 110 * ctx.u, 34 * ctx.u, progress, CTA_GREEN),
    text(col.x + (col.w - 110 * ctx.u) / 2, y + 26 * ctx.u, `${filled}/${total}`, {
      size: 24 * ctx.u,
      fill: '#ffffff',
      bold: true,
      anchor: 'middle',
      stroke: '#2D3142',
    }),
  );
  parts.push(icon('chest', col.x + col.w - 50 * ctx.u, y + 16 * ctx.u, 80 * ctx.u));
  y += 70 * ctx.u;
  const cols = ctx.portrait ? 3 : 5;
  const rows = Math.ceil(total / cols);
  const gap = 16 * ctx.u;
  const bottom = ctx.h - (s.buttons?.length ? (ctx.portrait ? 150 : 110) : 40) * ctx.u;
  const ch = (bottom - y - gap * (rows - 1)) / rows;
  const cw = Math.min((col.w - gap * (cols - 1)) / cols, ch * 0.85);
  const ox = col.x + (col.w - (cw * cols + gap * (cols - 1))) / 2;
  for (let i = 0; i < total; i++) {
    const x = ox + (i % cols) * (cw + gap);
    const ty = y + Math.floor(i / cols) * (ch + gap);
    const label = slots[i % slots.length];
    if (i < filled) {
      const tint = [ctx.palette[0], ctx.palette[1], '#9B5DE5', '#37B34A'][i % 4];
      parts.push(
        rect(x, ty, cw, ch, '#ffffff', { rx: 18, stroke: darken(tint, 0.2), sw: 5 }),
        rect(x + 10, ty + 10, cw - 20, ch * 0.62, lighten(tint, 0.3), { rx: 12 }),
      );
      parts.push(icon(iconFor(label, i), x + cw / 2, ty + ch * 0.36, Math.min(cw, ch) * 0.45));
      for (let k = 0; k < 1 + (i % 3); k++)
        parts.push(star(x + cw / 2 + (k - (i % 3) / 2) * 26 * ctx.u, ty + ch * 0.74, 12 * ctx.u, '#FFC93C', '#B07800'));
      parts.push(
        text(x + cw / 2, ty + ch * 0.92, label, {
          size: Math.min(22, cw * 0.12) * ctx.u,
          fill: '#2D3142',
          bold: true,
          anchor: 'middle',
          maxWidth: cw - 12,
        }),
      );
    } else {
      parts.push(
        rect(x, ty, cw, ch, '#000000', { rx: 18, opacity: 0.35 }),
        rect(x, ty, cw, ch, 'none', { rx: 18, stroke: '#ffffff', sw: 3, opacity: 0.5 }),
      );
      parts.push(
        text(x + cw / 2, ty + ch * 0.52, '?', {
          size: ch * 0.3,
          fill: '#ffffff',
          bold: true,
          anchor: 'middle',
          opacity: 0.7,
        }),
      );
      parts.push(
        text(x + cw / 2, ty + ch * 0.9, label, {
          size: Math.min(20, cw * 0.11) * ctx.u,
          fill: '#ffffff',
          anchor: 'middle',
          maxWidth: cw - 12,
          opacity: 0.8,
        }),
      );
    }
  }
  if (s.buttons?.length)
    parts.push(
      button(
        ctx.w / 2 - 200 * ctx.u,
        ctx.h - (ctx.portrait ? 120 : 96) * ctx.u,
        400 * ctx.u,
        (ctx.portrait ? 86 : 72) * ctx.u,
        s.buttons[0],
        CTA_GREEN,
      ),
    );
  return { defs, body: parts.join('') };
}

export function gameplay(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const bg = background(ctx);
  const parts = [bg.svg, statusBar(ctx)];
  const hud = (s.items?.length ? s.items : ['Moves 25', 'Goal: 40']).slice(0, 4);
  // HUD: the first label in a big badge (moves or timer), the rest as goal chips.
  const hudY = 54 * ctx.u;
  const hudH = ctx.portrait ? 150 * ctx.u : 96 * ctx.u;
  parts.push(rect(20 * ctx.u, hudY, ctx.w - 40 * ctx.u, hudH, darken(ctx.palette[0], 0.5), { rx: 26, opacity: 0.85 }));
  const badgeR = hudH * 0.42;
  parts.push(circle(20 * ctx.u + badgeR + 16, hudY + hudH / 2, badgeR, ctx.palette[2], { stroke: '#ffffff', sw: 5 }));
  const [first, firstValue] = splitHud(hud[0]);
  parts.push(
    text(20 * ctx.u + badgeR + 16, hudY + hudH / 2 - badgeR * 0.1, firstValue ?? first, {
      size: fitSize(firstValue ?? first, badgeR * 1.7, badgeR * 0.62, true, badgeR * 0.3),
      fill: inkOn(ctx.palette[2]),
      bold: true,
      anchor: 'middle',
      maxWidth: badgeR * 1.8,
    }),
  );
  if (firstValue)
    parts.push(
      text(20 * ctx.u + badgeR + 16, hudY + hudH / 2 + badgeR * 0.48, first, {
        size: badgeR * 0.3,
        fill: inkOn(ctx.palette[2]),
        anchor: 'middle',
        maxWidth: badgeR * 1.7,
      }),
    );
  const rest = hud.slice(1);
  const chipX = 20 * ctx.u + badgeR * 2 + 40;
  const chipW = (ctx.w - 40 * ctx.u - chipX - 20 - 110 * ctx.u) / Math.max(1, rest.length);
  rest.forEach((label, i) => {
    const x = chipX + i * chipW;
    parts.push(rect(x + 6, hudY + hudH * 0.2, chipW - 12, hudH * 0.6, '#ffffff', { rx: 18, opacity: 0.95 }));
    parts.push(icon(iconFor(label, i), x + 6 + hudH * 0.32, hudY + hudH / 2, hudH * 0.38));
    const [name, value] = splitHud(label);
    const textW = chipW - hudH * 0.62 - 14;
    if (value) {
      parts.push(
        text(x + hudH * 0.62, hudY + hudH * 0.44, name, {
          size: Math.min(20 * ctx.u, hudH * 0.16),
          fill: '#6B7086',
          maxWidth: textW,
        }),
      );
      parts.push(
        text(x + hudH * 0.62, hudY + hudH * 0.68, value, {
          size: fitSize(value, textW, Math.min(30 * ctx.u, hudH * 0.24), true),
          fill: '#2D3142',
          bold: true,
          maxWidth: textW,
        }),
      );
    } else
      parts.push(
        text(x + hudH * 0.62, hudY + hudH / 2 + 9 * ctx.u, label, {
          size: fitSize(label, textW, Math.min(26 * ctx.u, hudH * 0.2), true),
          fill: '#2D3142',
          bold: true,
          maxWidth: textW,
        }),
      );
  });
  parts.push(
    circle(ctx.w - 70 * ctx.u, hudY + hudH / 2, 34 * ctx.u, '#ffffff', { opacity: 0.9 }),
    rect(ctx.w - 84 * ctx.u, hudY + hudH / 2 - 14 * ctx.u, 9 * ctx.u, 28 * ctx.u, '#2D3142'),
    rect(ctx.w - 64 * ctx.u, hudY + hudH / 2 - 14 * ctx.u, 9 * ctx.u, 28 * ctx.u, '#2D3142'),
  );
  const fieldTop = hudY + hudH + 70 * ctx.u;
  parts.push(
    pill(
      ctx.w / 2 - 160 * ctx.u,
      hudY + hudH + 12 * ctx.u,
      320 * ctx.u,
      46 * ctx.u,
      s.title,
      darken(ctx.palette[1], 0.15),
    ),
  );
  if (ctx.portrait) {
    const barH = 170 * ctx.u;
    parts.push(
      playfield(ctx, { x: 24 * ctx.u, y: fieldTop, w: ctx.w - 48 * ctx.u, h: ctx.h - fieldTop - barH - 40 * ctx.u }),
    );
    parts.push(boosterBar(ctx, { x: 20 * ctx.u, y: ctx.h - barH - 20 * ctx.u, w: ctx.w - 40 * ctx.u, h: barH }, []));
  } else {
    const sideW = 170 * ctx.u;
    parts.push(
      playfield(ctx, { x: 40 * ctx.u, y: fieldTop, w: ctx.w - sideW - 80 * ctx.u, h: ctx.h - fieldTop - 20 * ctx.u }),
    );
    parts.push(
      boosterBar(ctx, { x: ctx.w - sideW - 20 * ctx.u, y: fieldTop, w: sideW, h: ctx.h - fieldTop - 20 * ctx.u }, []),
    );
  }
  if (s.subtitle)
    parts.push(
      pill(
        ctx.w / 2 - 250 * ctx.u,
        ctx.h - (ctx.portrait ? 240 : 70) * ctx.u,
        500 * ctx.u,
        50 * ctx.u,
        s.subtitle,
        '#2D3142',
      ),
    );
  if (s.buttons?.[0])
    parts.push(
      button(ctx.w / 2 - 170 * ctx.u, ctx.h / 2 - 40 * ctx.u, 340 * ctx.u, 80 * ctx.u, s.buttons[0], CTA_GREEN),
    );
  if (s.progress !== undefined) {
    // A score meter with three star thresholds along the HUD's bottom edge.
    const barX = chipX + 6;
    const barW = ctx.w - 40 * ctx.u - barX - 130 * ctx.u;
    parts.push(
      progressBar(barX, hudY + hudH - 22 * ctx.u, barW, 14 * ctx.u, s.progress, '#FFC93C', 'rgba(255,255,255,0.25)'),
    );
    for (const t of [0.4, 0.7, 1])
      parts.push(
        star(
          barX + barW * t - 10 * ctx.u,
          hudY + hudH - 15 * ctx.u,
          14 * ctx.u,
          s.progress >= t ? '#FFC93C' : '#9AA0B4',
          '#5C3312',
        ),
      );
  }
  return { defs: bg.defs, body: parts.join('') };
}

/** "Moves 24" → ["Moves", "24"]; "Goal: 30 crates" → ["Goal", "30 crates"]. */
function splitHud(label: string): [string, string | undefined] {
  const colon = /^(.*?):\s*(.+)$/.exec(label);
  if (colon) return [colon[1], colon[2]];
  const trailingNumber = /^(.*?)\s+(\d[\d\s:,.]*[a-z]?)$/i.exec(label);
  return trailingNumber ? [trailingNumber[1], trailingNumber[2]] : [label, undefined];
}
