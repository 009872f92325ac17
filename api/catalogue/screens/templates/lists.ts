import type { ScreenDescriptor } from '../../catalogue-files';
import { CTA_GREEN, background, currencyBar, header, statusBar, type ScreenContext } from '../chrome';
import { icon, iconFor } from '../icons';
import {
  button,
  circle,
  darken,
  fitSize,
  inkOn,
  lighten,
  mix,
  paragraph,
  pill,
  progressBar,
  rect,
  star,
  text,
} from '../kit';
import { character, type Drawn } from './modals';

/** Full screens built from lists and grids: shop, leaderboard, menu, quests, chat, profile. */

/** Splits "name — value" (em dash, en dash, hyphen with spaces, or colon) into its two halves. */
export function splitLabel(item: string): [string, string | undefined] {
  const m = /^(.*?)\s+[—–-]\s+(.*)$/.exec(item) ?? /^(.*?):\s+(.*)$/.exec(item);
  return m ? [m[1].trim(), m[2].trim()] : [item, undefined];
}

/** The page frame shared by full screens: world, status bar, currency bar, header. Returns the content top. */
function page(
  ctx: ScreenContext,
  s: ScreenDescriptor,
  currency = true,
): { defs: string; parts: string[]; top: number } {
  const bg = background(ctx);
  const parts = [bg.svg, statusBar(ctx)];
  if (currency) parts.push(currencyBar(ctx));
  const h = header(ctx, s.title, s.subtitle, (currency ? 112 : 60) * ctx.u);
  parts.push(h.svg);
  return { defs: bg.defs, parts, top: h.bottom + 16 * ctx.u };
}

/** The content column: full width on portrait, a centred column on landscape. */
const column = (ctx: ScreenContext) =>
  ctx.portrait ? { x: 30 * ctx.u, w: ctx.w - 60 * ctx.u } : { x: 120 * ctx.u, w: ctx.w - 240 * ctx.u };

function bottomButtons(ctx: ScreenContext, labels: string[] | undefined, parts: string[]): number {
  if (!labels?.length) return ctx.h - 30 * ctx.u;
  const bh = 80 * ctx.u;
  const col = column(ctx);
  const bw = (col.w - (labels.length - 1) * 20) / labels.length;
  const y = ctx.h - bh - 36 * ctx.u;
  labels.forEach((label, i) =>
    parts.push(button(col.x + i * (bw + 20), y, bw, bh, label, i === 0 ? CTA_GREEN : '#4C7BE8', 30 * ctx.u)),
  );
  return y - 20 * ctx.u;
}

export function shop(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const { defs, parts, top } = page(ctx, s);
  const col = column(ctx);
  let y = top;
  const tabs = ['Featured', 'Coins', 'Gems', 'Boosters'];
  const tw = col.w / tabs.length;
  tabs.forEach((t, i) => {
    const bg = i === 0 ? ctx.palette[2] : darken(ctx.palette[0], 0.45);
    parts.push(
      rect(col.x + i * tw + 4, y, tw - 8, 54 * ctx.u, bg, { rx: 16 }),
      text(col.x + i * tw + tw / 2, y + 36 * ctx.u, t, {
        size: 24 * ctx.u,
        fill: inkOn(bg),
        bold: true,
        anchor: 'middle',
        maxWidth: tw - 16,
      }),
    );
  });
  y += 74 * ctx.u;
  const hasBanner = Boolean(s.price || s.timer || s.badge);
  let gridX = col.x;
  let gridW = col.w;
  if (hasBanner && !ctx.portrait) {
    const bw = 300 * ctx.u;
    const bh = ctx.h - 40 * ctx.u - (s.buttons?.length ? 116 * ctx.u : 0) - y;
    parts.push(
      rect(col.x, y, bw, bh, mix(ctx.palette[1], '#ffffff', 0.15), {
        rx: 26,
        stroke: darken(ctx.palette[1], 0.35),
        sw: 5,
      }),
    );
    parts.push(
      text(col.x + bw / 2, y + 50 * ctx.u, s.badge ? `Special Offer ${s.badge}` : 'Special Offer', {
        size: fitSize('Special Offer -50%', bw - 30, 30 * ctx.u, true),
        fill: inkOn(ctx.palette[1]),
        bold: true,
        anchor: 'middle',
      }),
    );
    parts.push(icon('chest', col.x + bw / 2, y + bh * 0.45, Math.min(bw * 0.6, bh * 0.4)));
    if (s.timer)
      parts.push(
        pill(col.x + 30 * ctx.u, y + bh - 150 * ctx.u, bw - 60 * ctx.u, 44 * ctx.u, `Ends in ${s.timer}`, '#2D3142'),
      );
    parts.push(
      button(
        col.x + 40 * ctx.u,
        y + bh - 92 * ctx.u,
        bw - 80 * ctx.u,
        72 * ctx.u,
        s.price ?? 'Open',
        CTA_GREEN,
        30 * ctx.u,
      ),
    );
    gridX = col.x + bw + 24 * ctx.u;
    gridW = col.w - bw - 24 * ctx.u;
  } else if (hasBanner) {
    const bh = 200 * ctx.u;
    parts.push(
      rect(col.x, y, col.w, bh, mix(ctx.palette[1], '#ffffff', 0.15), {
        rx: 26,
        stroke: darken(ctx.palette[1], 0.35),
        sw: 5,
      }),
    );
    parts.push(icon('chest', col.x + bh * 0.6, y + bh / 2, bh * 0.75));
    parts.push(
      text(col.x + bh * 1.15, y + bh * 0.36, s.badge ? `Special Offer ${s.badge}` : 'Special Offer', {
        size: 32 * ctx.u,
        fill: inkOn(ctx.palette[1]),
        bold: true,
        maxWidth: col.w - bh * 1.15 - 220 * ctx.u,
      }),
    );
    if (s.timer)
      parts.push(
        text(col.x + bh * 1.15, y + bh * 0.64, `Ends in ${s.timer}`, {
          size: 24 * ctx.u,
          fill: inkOn(ctx.palette[1]),
          maxWidth: col.w - bh * 1.15 - 220 * ctx.u,
        }),
      );
    parts.push(
      button(
        col.x + col.w - 210 * ctx.u,
        y + bh / 2 - 38 * ctx.u,
        180 * ctx.u,
        76 * ctx.u,
        s.price ?? 'Open',
        CTA_GREEN,
        30 * ctx.u,
      ),
    );
    y += bh + 20 * ctx.u;
  }
  const bottom = bottomButtons(ctx, s.buttons, parts);
  const items = (
    s.items?.length ? s.items : ['Handful — $0.99', 'Pile — $4.99', 'Chest — $9.99', 'Vault — $19.99']
  ).slice(0, 8);
  const cols = ctx.portrait ? 2 : items.length <= 6 ? 3 : 4;
  const rows = Math.ceil(items.length / cols);
  const gap = 18 * ctx.u;
  const cw = (gridW - gap * (cols - 1)) / cols;
  const ch = Math.min((bottom - y - gap * (rows - 1)) / rows, cw * 1.1);
  items.forEach((item, i) => {
    const [name, price] = splitLabel(item);
    const x = gridX + (i % cols) * (cw + gap);
    const ty = y + Math.floor(i / cols) * (ch + gap);
    const bg = i === 0 && items.length > 3 ? lighten(ctx.palette[2], 0.55) : '#ffffff';
    parts.push(rect(x, ty, cw, ch, bg, { rx: 24, stroke: darken(ctx.palette[0], 0.25), sw: 4 }));
    parts.push(icon(iconFor(name, i), x + cw / 2, ty + ch * 0.36, Math.min(cw, ch) * 0.42));
    parts.push(
      text(x + cw / 2, ty + ch * 0.7, name, {
        size: Math.min(26, ch * 0.11) * ctx.u,
        fill: '#2D3142',
        bold: true,
        anchor: 'middle',
        maxWidth: cw - 20,
      }),
    );
    const bh = Math.min(60, ch * 0.2) * ctx.u;
    parts.push(button(x + cw * 0.15, ty + ch - bh - 14 * ctx.u, cw * 0.7, bh, price ?? 'Buy', CTA_GREEN, bh * 0.45));
    if (i === 1 && items.length > 3)
      parts.push(pill(x + cw - 130 * ctx.u, ty - 14 * ctx.u, 140 * ctx.u, 40 * ctx.u, 'POPULAR', '#E63946'));
  });
  return { defs, body: parts.join('') };
}

export function leaderboard(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const { defs, parts, top } = page(ctx, s, false);
  const col = column(ctx);
  let y = top;
  const timerW = 340 * ctx.u;
  if (s.timer) {
    parts.push(
      pill(
        ctx.portrait ? ctx.w / 2 - timerW / 2 : col.x + col.w - timerW,
        y,
        timerW,
        46 * ctx.u,
        `Ends in ${s.timer}`,
        '#2D3142',
      ),
    );
    if (ctx.portrait) y += 62 * ctx.u;
  }
  const tabs = ['Friends', 'Global', 'Local'];
  const tabsW = ctx.portrait || !s.timer ? col.w : col.w - timerW - 20 * ctx.u;
  const tw = tabsW / tabs.length;
  tabs.forEach((t, i) =>
    parts.push(
      pill(col.x + i * tw + 6, y, tw - 12, 48 * ctx.u, t, i === 1 ? ctx.palette[2] : darken(ctx.palette[0], 0.45)),
    ),
  );
  y += 66 * ctx.u;
  const bottom = bottomButtons(ctx, s.buttons, parts);
  const items = (s.items?.length ? s.items : ['Player — 0']).slice(0, 8);
  const rowH = Math.min((bottom - y) / items.length - 10 * ctx.u, ctx.portrait ? 110 * ctx.u : 76 * ctx.u);
  const medals = ['#FFC93C', '#C0C7D6', '#D08C4A'];
  items.forEach((item, i) => {
    const [name, score] = splitLabel(item);
    const you = /\byou\b/i.test(name);
    const ry = y + i * (rowH + 10 * ctx.u);
    parts.push(
      rect(col.x, ry, col.w, rowH, you ? lighten(ctx.palette[2], 0.45) : '#ffffff', {
        rx: rowH * 0.25,
        stroke: you ? darken(ctx.palette[2], 0.3) : darken(ctx.palette[0], 0.2),
        sw: you ? 5 : 2,
      }),
    );
    const rank = /^#?(\d+)[.)]?\s+(.*)$/.exec(name);
    const rankNo = rank ? Number(rank[1]) : i + 1;
    const label = rank ? rank[2] : name;
    const cx = col.x + rowH * 0.55;
    if (rankNo <= 3)
      parts.push(
        circle(cx, ry + rowH / 2, rowH * 0.34, medals[rankNo - 1], { stroke: darken(medals[rankNo - 1], 0.3), sw: 3 }),
      );
    parts.push(
      text(cx, ry + rowH * 0.64, String(rankNo), { size: rowH * 0.36, fill: '#2D3142', bold: true, anchor: 'middle' }),
    );
    parts.push(
      circle(
        col.x + rowH * 1.45,
        ry + rowH / 2,
        rowH * 0.34,
        [ctx.palette[0], ctx.palette[1], '#9B5DE5', '#37B34A'][i % 4],
        { stroke: '#ffffff', sw: 3 },
      ),
    );
    parts.push(icon('person', col.x + rowH * 1.45, ry + rowH / 2, rowH * 0.5));
    parts.push(
      text(col.x + rowH * 2, ry + rowH * 0.62, label, {
        size: rowH * 0.32,
        fill: '#2D3142',
        bold: true,
        maxWidth: col.w - rowH * 2 - 230 * ctx.u,
      }),
    );
    if (score) {
      parts.push(icon('trophy', col.x + col.w - 200 * ctx.u, ry + rowH / 2, rowH * 0.5));
      parts.push(
        text(col.x + col.w - 24 * ctx.u, ry + rowH * 0.62, score, {
          size: rowH * 0.32,
          fill: '#2D3142',
          bold: true,
          anchor: 'end',
          maxWidth: 160 * ctx.u,
        }),
      );
    }
  });
  return { defs, body: parts.join('') };
}

const TOGGLE_WORDS = /sound|music|vibrat|notif|push|haptic|on$|off$|graphics|effects/i;

export function menu(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const { defs, parts, top } = page(ctx, s, false);
  const col = column(ctx);
  const bottom = bottomButtons(ctx, s.buttons, parts);
  const items = (s.items?.length ? s.items : [s.title]).slice(0, 8);
  const rowH = Math.min((bottom - top) / items.length - 14 * ctx.u, 100 * ctx.u);
  parts.push(
    rect(col.x - 10, top - 10, col.w + 20, items.length * (rowH + 14 * ctx.u) + 10, '#000000', {
      rx: 28,
      opacity: 0.25,
    }),
  );
  items.forEach((item, i) => {
    const [name, value] = splitLabel(item);
    const y = top + i * (rowH + 14 * ctx.u);
    parts.push(rect(col.x, y, col.w, rowH, '#ffffff', { rx: 20 }));
    parts.push(
      circle(col.x + rowH * 0.55, y + rowH / 2, rowH * 0.34, lighten(ctx.palette[i % 3], 0.5)),
      icon(iconFor(name, i), col.x + rowH * 0.55, y + rowH / 2, rowH * 0.46),
    );
    parts.push(
      text(col.x + rowH * 1.1, y + rowH * 0.6, name, {
        size: rowH * 0.3,
        fill: '#2D3142',
        bold: true,
        maxWidth: col.w - rowH * 1.1 - 200 * ctx.u,
      }),
    );
    const toggle = TOGGLE_WORDS.test(item);
    if (toggle) {
      const on = !/off$/i.test(item);
      const tw = rowH * 0.9;
      parts.push(
        rect(col.x + col.w - tw - 24, y + rowH * 0.28, tw, rowH * 0.44, on ? CTA_GREEN : '#B8BCC8', {
          rx: rowH * 0.22,
        }),
        circle(
          on ? col.x + col.w - 24 - rowH * 0.22 : col.x + col.w - tw - 24 + rowH * 0.22,
          y + rowH / 2,
          rowH * 0.18,
          '#ffffff',
        ),
      );
    } else if (value)
      parts.push(
        text(col.x + col.w - 60 * ctx.u, y + rowH * 0.6, value, {
          size: rowH * 0.26,
          fill: '#6B7086',
          anchor: 'end',
          maxWidth: 200 * ctx.u,
        }),
      );
    if (!toggle)
      parts.push(
        text(col.x + col.w - 24 * ctx.u, y + rowH * 0.64, '›', {
          size: rowH * 0.5,
          fill: '#8A8FA3',
          bold: true,
          anchor: 'end',
        }),
      );
  });
  return { defs, body: parts.join('') };
}

export function quests(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const { defs, parts, top } = page(ctx, s);
  const col = column(ctx);
  let y = top;
  if (s.timer || s.progress !== undefined) {
    if (s.timer) parts.push(pill(col.x, y, 300 * ctx.u, 46 * ctx.u, `Resets in ${s.timer}`, '#2D3142'));
    if (s.progress !== undefined) {
      parts.push(
        progressBar(
          col.x + (s.timer ? 320 : 0) * ctx.u,
          y + 8 * ctx.u,
          col.w - (s.timer ? 400 : 80) * ctx.u,
          30 * ctx.u,
          s.progress,
          CTA_GREEN,
        ),
      );
      parts.push(icon('chest', col.x + col.w - 36 * ctx.u, y + 22 * ctx.u, 64 * ctx.u));
    }
    y += 70 * ctx.u;
  }
  const bottom = bottomButtons(ctx, s.buttons, parts);
  const items = (s.items?.length ? s.items : [s.title]).slice(0, 8);
  const rowH = Math.min((bottom - y) / items.length - 12 * ctx.u, ctx.portrait ? 120 * ctx.u : 66 * ctx.u);
  items.forEach((item, i) => {
    const [task, counter] = splitLabel(item);
    const m = counter && /(\d+)\s*\/\s*(\d+)/.exec(counter);
    const value = m ? Number(m[1]) / Math.max(1, Number(m[2])) : 0;
    const done = m ? value >= 1 : /done|claimed|✓/i.test(counter ?? '');
    const ry = y + i * (rowH + 12 * ctx.u);
    parts.push(
      rect(col.x, ry, col.w, rowH, '#ffffff', {
        rx: 20,
        stroke: done ? CTA_GREEN : darken(ctx.palette[0], 0.2),
        sw: done ? 5 : 2,
      }),
    );
    parts.push(icon(iconFor(task, i), col.x + rowH * 0.5, ry + rowH / 2, rowH * 0.55));
    const tx = col.x + rowH;
    const barW = col.w - rowH - 230 * ctx.u;
    parts.push(
      text(tx, ry + rowH * (ctx.portrait ? 0.38 : 0.45), task, {
        size: Math.min(28, rowH * 0.3) * ctx.u,
        fill: '#2D3142',
        bold: true,
        maxWidth: barW,
      }),
    );
    if (m) {
      parts.push(
        progressBar(tx, ry + rowH * 0.58, barW, rowH * 0.2, value, done ? CTA_GREEN : ctx.palette[0], '#D9DCE6'),
      );
      parts.push(
        text(tx + barW / 2, ry + rowH * 0.74, counter ?? '', {
          size: rowH * 0.17,
          fill: '#ffffff',
          bold: true,
          anchor: 'middle',
          stroke: '#2D3142',
        }),
      );
    } else if (counter)
      parts.push(text(tx, ry + rowH * 0.8, counter, { size: rowH * 0.2, fill: '#6B7086', maxWidth: barW }));
    parts.push(
      button(
        col.x + col.w - 200 * ctx.u,
        ry + rowH / 2 - 30 * ctx.u,
        180 * ctx.u,
        60 * ctx.u,
        done ? 'Claim' : 'Go',
        done ? CTA_GREEN : '#4C7BE8',
        26 * ctx.u,
      ),
    );
  });
  return { defs, body: parts.join('') };
}

export function chat(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const { defs, parts, top } = page(ctx, s, false);
  const col = column(ctx);
  const inputY = ctx.h - 110 * ctx.u;
  parts.push(rect(0, top - 6, ctx.w, inputY - top + 6, '#000000', { opacity: 0.25 }));
  const items = (s.items?.length ? s.items : [`Team: ${s.title}`]).slice(0, 8);
  const bubbleH = Math.min((inputY - top - 20 * ctx.u) / items.length - 14 * ctx.u, 120 * ctx.u);
  items.forEach((item, i) => {
    const [who, message] = splitLabel(item);
    const mine = /\b(you|me)\b/i.test(who);
    const y = top + 10 * ctx.u + i * (bubbleH + 14 * ctx.u);
    const bw = col.w * 0.78;
    const bx = mine ? col.x + col.w - bw : col.x + bubbleH * 0.8;
    if (!mine)
      parts.push(
        circle(
          col.x + bubbleH * 0.35,
          y + bubbleH / 2,
          bubbleH * 0.32,
          [ctx.palette[0], ctx.palette[1], '#9B5DE5'][i % 3],
          { stroke: '#ffffff', sw: 3 },
        ),
        icon('person', col.x + bubbleH * 0.35, y + bubbleH / 2, bubbleH * 0.45),
      );
    const help = /help|life|lives|request/i.test(item);
    parts.push(
      rect(bx, y, bw - (mine ? 0 : bubbleH * 0.8), bubbleH, mine ? lighten(ctx.palette[2], 0.45) : '#ffffff', {
        rx: 22,
      }),
    );
    const innerW = bw - (mine ? 0 : bubbleH * 0.8) - 40 * ctx.u - (help ? 150 * ctx.u : 0);
    parts.push(
      text(bx + 20 * ctx.u, y + bubbleH * 0.36, who, {
        size: Math.min(22, bubbleH * 0.22) * ctx.u,
        fill: darken(ctx.palette[0], 0.2),
        bold: true,
        maxWidth: innerW,
      }),
    );
    const msgSize = Math.min(26, bubbleH * 0.24) * ctx.u;
    parts.push(
      paragraph(bx + 20 * ctx.u, y + bubbleH * 0.36 + msgSize * 1.35, message ?? '', innerW, {
        size: msgSize,
        fill: '#2D3142',
        maxLines: bubbleH > 90 * ctx.u ? 2 : 1,
      }).svg,
    );
    if (help)
      parts.push(
        button(
          bx + bw - (mine ? 0 : bubbleH * 0.8) - 160 * ctx.u,
          y + bubbleH / 2 - 28 * ctx.u,
          140 * ctx.u,
          56 * ctx.u,
          s.buttons?.[0] ?? 'Help',
          CTA_GREEN,
          24 * ctx.u,
        ),
      );
  });
  parts.push(
    rect(col.x, inputY, col.w - 150 * ctx.u, 76 * ctx.u, '#ffffff', { rx: 38 }),
    text(col.x + 30 * ctx.u, inputY + 48 * ctx.u, 'Write a message…', { size: 26 * ctx.u, fill: '#8A8FA3' }),
  );
  parts.push(button(col.x + col.w - 130 * ctx.u, inputY, 130 * ctx.u, 76 * ctx.u, 'Send', '#4C7BE8', 26 * ctx.u));
  return { defs, body: parts.join('') };
}

const PLAYER_NAMES = ['SkyBuilder', 'MiraPlays', 'TileTitan', 'NovaFox', 'Quinn_88', 'LuckyLeo'];

export function profile(ctx: ScreenContext, s: ScreenDescriptor): Drawn {
  const { defs, parts, top } = page(ctx, s, false);
  const col = column(ctx);
  const avatarR = (ctx.portrait ? 120 : 90) * ctx.u;
  const ax = ctx.portrait ? ctx.w / 2 : col.x + avatarR + 20;
  const ay = top + avatarR + 10;
  parts.push(
    circle(ax, ay, avatarR + 12, ctx.palette[2], { stroke: darken(ctx.palette[2], 0.35), sw: 6 }),
    circle(ax, ay, avatarR, lighten(ctx.palette[0], 0.5)),
  );
  parts.push(
    `<clipPath id="av"><circle cx="${ax}" cy="${ay}" r="${avatarR}"/></clipPath><g clip-path="url(#av)">${character(ctx, ax, ay + avatarR, avatarR * 2.3, ctx.palette[0])}</g>`,
  );
  const level = 10 + Math.floor(ctx.rand() * 190);
  parts.push(
    star(ax + avatarR * 0.8, ay + avatarR * 0.75, 46 * ctx.u, '#FFC93C', '#B07800'),
    text(ax + avatarR * 0.8, ay + avatarR * 0.75 + 10 * ctx.u, String(level), {
      size: 26 * ctx.u,
      fill: '#5C3312',
      bold: true,
      anchor: 'middle',
    }),
  );
  const nameX = ctx.portrait ? ctx.w / 2 : ax + avatarR + 60 * ctx.u;
  const anchor = ctx.portrait ? 'middle' : 'start';
  const nameY = ctx.portrait ? ay + avatarR + 64 * ctx.u : ay - 20 * ctx.u;
  parts.push(
    text(nameX, nameY, PLAYER_NAMES[Math.floor(ctx.rand() * PLAYER_NAMES.length)], {
      size: 40 * ctx.u,
      fill: '#ffffff',
      bold: true,
      anchor,
      stroke: 'rgba(0,0,0,0.5)',
    }),
  );
  parts.push(
    text(nameX, nameY + 44 * ctx.u, `Level ${level} · ${ctx.gameName}`, {
      size: 26 * ctx.u,
      fill: '#ffffff',
      anchor,
      maxWidth: ctx.portrait ? col.w : col.w - avatarR * 2 - 80,
    }),
  );
  const bottom = bottomButtons(ctx, s.buttons, parts);
  const gridTop = ctx.portrait ? nameY + 90 * ctx.u : ay + avatarR + 40 * ctx.u;
  const items = (s.items?.length ? s.items : ['Levels — 0']).slice(0, 8);
  const cols = ctx.portrait ? 2 : 4;
  const rows = Math.ceil(items.length / cols);
  const gap = 16 * ctx.u;
  const cw = (col.w - gap * (cols - 1)) / cols;
  const ch = Math.min((bottom - gridTop - gap * (rows - 1)) / rows, 150 * ctx.u);
  items.forEach((item, i) => {
    const [label, value] = splitLabel(item);
    const x = col.x + (i % cols) * (cw + gap);
    const y = gridTop + Math.floor(i / cols) * (ch + gap);
    parts.push(rect(x, y, cw, ch, '#ffffff', { rx: 20, opacity: 0.95 }));
    parts.push(icon(iconFor(label, i), x + ch * 0.45, y + ch / 2, ch * 0.45));
    const main = value ?? label;
    parts.push(
      text(x + ch * 0.85, y + ch * (value ? 0.42 : 0.56), main, {
        size: fitSize(main, cw - ch * 0.95, Math.min(34, ch * 0.26) * ctx.u, true),
        fill: '#2D3142',
        bold: true,
        maxWidth: cw - ch * 0.95,
      }),
    );
    if (value)
      parts.push(
        text(x + ch * 0.85, y + ch * 0.72, label, {
          size: Math.min(22, ch * 0.17) * ctx.u,
          fill: '#6B7086',
          maxWidth: cw - ch * 0.95,
        }),
      );
  });
  return { defs, body: parts.join('') };
}
