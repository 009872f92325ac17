import { currencyBar, statusBar, type ScreenContext } from './chrome';
import { icon, type IconKind } from './icons';
import { circle, darken, lighten, line, mix, polygon, rect, star, text } from './kit';

/**
 * The game's playfield inside a box, drawn in the style of its sub-genre: a tile board for match games, tubes
 * for sort puzzles, card columns for solitaire, reels for slots, lanes for runners, plots for farming, and an
 * arena with units for action, strategy and RPG. Used by the gameplay template and behind modals.
 */
export type Box = { x: number; y: number; w: number; h: number };

export function playfield(ctx: ScreenContext, box: Box): string {
  const sub = ctx.subgenre;
  if (sub === 'Sort Puzzle' || sub === 'Screw Puzzle') return tubes(ctx, box);
  if (sub === 'Solitaire') return cardColumns(ctx, box);
  if (sub === 'Word' || sub === 'Trivia' || sub === 'Bingo') return letterGrid(ctx, box, sub === 'Bingo');
  if (ctx.genre === 'Casino') return reels(ctx, box);
  if (ctx.genre === 'Arcade' || sub === 'Racing' || sub === 'Music' || sub === 'Runner') return lanes(ctx, box);
  if (ctx.genre === 'Simulation') return plots(ctx, box);
  if (ctx.genre === 'Puzzle' || ctx.genre === 'Adventure') return tileGrid(ctx, box);
  return arena(ctx, box);
}

function tileColors(ctx: ScreenContext): string[] {
  return [ctx.palette[0], ctx.palette[1], ctx.palette[2], '#37B34A', '#9B5DE5', '#F15BB5'].map((c) => lighten(c, 0.1));
}

function tileGrid(ctx: ScreenContext, box: Box): string {
  const cols = ctx.portrait ? 8 : 9;
  const cell = Math.min(box.w / cols, box.h / 9);
  const rows = Math.floor(box.h / cell);
  const ox = box.x + (box.w - cell * cols) / 2;
  const oy = box.y + (box.h - cell * rows) / 2;
  const colors = tileColors(ctx);
  const out = [
    rect(ox - 10, oy - 10, cell * cols + 20, cell * rows + 20, darken(ctx.palette[0], 0.6), {
      rx: 18 * ctx.u,
      opacity: 0.75,
    }),
  ];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = ox + c * cell;
      const y = oy + r * cell;
      out.push(
        rect(x + 1, y + 1, cell - 2, cell - 2, (r + c) % 2 ? 'rgba(255,255,255,0.10)' : 'rgba(255,255,255,0.18)', {
          rx: 6,
        }),
      );
      const roll = ctx.rand();
      if (roll < 0.05)
        out.push(
          rect(x + cell * 0.1, y + cell * 0.1, cell * 0.8, cell * 0.8, '#A0522D', { rx: 6, stroke: '#5C3312', sw: 3 }),
        );
      else if (roll < 0.09)
        out.push(
          icon(
            ['rocket', 'bomb', 'star'][Math.floor(ctx.rand() * 3)] as IconKind,
            x + cell / 2,
            y + cell / 2,
            cell * 0.7,
          ),
        );
      else {
        const color = colors[Math.floor(ctx.rand() * colors.length)];
        const shape = colors.indexOf(color) % 3;
        if (shape === 0)
          out.push(circle(x + cell / 2, y + cell / 2, cell * 0.36, color, { stroke: darken(color, 0.35), sw: 3 }));
        else if (shape === 1)
          out.push(
            rect(x + cell * 0.15, y + cell * 0.15, cell * 0.7, cell * 0.7, color, {
              rx: cell * 0.16,
              stroke: darken(color, 0.35),
              sw: 3,
            }),
          );
        else
          out.push(
            polygon(
              [
                [x + cell / 2, y + cell * 0.12],
                [x + cell * 0.88, y + cell / 2],
                [x + cell / 2, y + cell * 0.88],
                [x + cell * 0.12, y + cell / 2],
              ],
              color,
              { stroke: darken(color, 0.35), sw: 3 },
            ),
          );
        out.push(circle(x + cell * 0.4, y + cell * 0.38, cell * 0.08, '#ffffff', { opacity: 0.6 }));
      }
    }
  }
  return out.join('');
}

function tubes(ctx: ScreenContext, box: Box): string {
  const n = ctx.portrait ? 6 : 8;
  const perRow = ctx.portrait ? 3 : 8;
  const rows = Math.ceil(n / perRow);
  const tw = Math.min((box.w / perRow) * 0.55, 90 * ctx.u);
  const th = Math.min((box.h / rows) * 0.8, 330 * ctx.u);
  const colors = tileColors(ctx);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const cx = box.x + (box.w / perRow) * ((i % perRow) + 0.5);
    const top = box.y + (box.h / rows) * Math.floor(i / perRow) + (box.h / rows - th) / 2;
    out.push(rect(cx - tw / 2, top, tw, th, 'rgba(255,255,255,0.25)', { rx: tw / 2, stroke: '#ffffff', sw: 4 }));
    const balls = i >= n - 2 ? Math.floor(ctx.rand() * 2) : 2 + Math.floor(ctx.rand() * 3);
    for (let b = 0; b < balls; b++) {
      const color = colors[Math.floor(ctx.rand() * colors.length)];
      out.push(
        circle(cx, top + th - tw * 0.62 - b * tw * 1.02, tw * 0.42, color, { stroke: darken(color, 0.3), sw: 3 }),
      );
    }
  }
  return out.join('');
}

function cardColumns(ctx: ScreenContext, box: Box): string {
  const cols = 7;
  const cw = Math.min((box.w / cols) * 0.86, 110 * ctx.u);
  const ch = cw * 1.4;
  const out: string[] = [rect(box.x, box.y, box.w, box.h, '#1E6B3A', { rx: 20 * ctx.u, opacity: 0.8 })];
  const suits = ['♠', '♥', '♦', '♣'];
  const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  for (let c = 0; c < cols; c++) {
    const x = box.x + (box.w / cols) * c + (box.w / cols - cw) / 2;
    const depth = 1 + ((c * 3 + Math.floor(ctx.rand() * 3)) % 6);
    for (let d = 0; d < depth; d++) {
      const y = box.y + 20 * ctx.u + d * ch * 0.28;
      const faceUp = d === depth - 1 || d > depth - 3;
      if (!faceUp) out.push(rect(x, y, cw, ch, ctx.palette[0], { rx: 8, stroke: '#ffffff', sw: 3 }));
      else {
        const suit = suits[Math.floor(ctx.rand() * 4)];
        const red = suit === '♥' || suit === '♦';
        out.push(rect(x, y, cw, ch, '#ffffff', { rx: 8, stroke: '#9AA0B4', sw: 2 }));
        out.push(
          text(x + 8, y + cw * 0.3, `${ranks[Math.floor(ctx.rand() * 13)]}${suit}`, {
            size: cw * 0.26,
            fill: red ? '#D62839' : '#1d2233',
            bold: true,
          }),
        );
      }
    }
  }
  return out.join('');
}

function letterGrid(ctx: ScreenContext, box: Box, numbers: boolean): string {
  const cols = 5;
  const cell = Math.min(box.w / cols, box.h / 6) * 0.9;
  const ox = box.x + (box.w - cell * cols) / 2;
  const oy = box.y + (box.h - cell * 5) / 2;
  const letters = 'ABCDEGHILMNOPRSTUW';
  const out: string[] = [];
  if (numbers)
    'BINGO'.split('').forEach((ch, i) =>
      out.push(
        text(ox + cell * (i + 0.5), oy - cell * 0.2, ch, {
          size: cell * 0.5,
          fill: '#ffffff',
          bold: true,
          anchor: 'middle',
          stroke: darken(ctx.palette[0], 0.5),
        }),
      ),
    );
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < cols; c++) {
      const marked = ctx.rand() < 0.3;
      const x = ox + c * cell;
      const y = oy + r * cell;
      out.push(
        rect(x + 4, y + 4, cell - 8, cell - 8, marked ? ctx.palette[2] : '#ffffff', {
          rx: 12,
          stroke: darken(ctx.palette[1], 0.2),
          sw: 3,
        }),
      );
      const label = numbers
        ? String(c * 15 + 1 + Math.floor(ctx.rand() * 15))
        : letters[Math.floor(ctx.rand() * letters.length)];
      out.push(
        text(x + cell / 2, y + cell * 0.64, label, {
          size: cell * 0.42,
          fill: '#1d2233',
          bold: true,
          anchor: 'middle',
        }),
      );
    }
  }
  return out.join('');
}

function reels(ctx: ScreenContext, box: Box): string {
  const cols = 5;
  const rows = 3;
  const cell = Math.min(box.w / cols, box.h / rows) * 0.92;
  const ox = box.x + (box.w - cell * cols) / 2;
  const oy = box.y + (box.h - cell * rows) / 2;
  const symbols: IconKind[] = ['coin', 'gem', 'crown', 'star', 'heart', 'bolt', 'chest'];
  const out = [
    rect(ox - 16, oy - 16, cell * cols + 32, cell * rows + 32, '#5B1A0E', { rx: 24, stroke: '#FFC93C', sw: 8 }),
  ];
  for (let c = 0; c < cols; c++) {
    out.push(rect(ox + c * cell + 4, oy, cell - 8, cell * rows, '#FFF6E0', { rx: 10 }));
    for (let r = 0; r < rows; r++)
      out.push(
        icon(
          symbols[Math.floor(ctx.rand() * symbols.length)],
          ox + c * cell + cell / 2,
          oy + r * cell + cell / 2,
          cell * 0.62,
        ),
      );
  }
  out.push(line(ox - 10, oy + cell * 1.5, ox + cell * cols + 10, oy + cell * 1.5, '#E63946', 5, { opacity: 0.8 }));
  return out.join('');
}

function lanes(ctx: ScreenContext, box: Box): string {
  const cx = box.x + box.w / 2;
  const topW = box.w * 0.25;
  const botW = box.w * 0.95;
  const out = [
    polygon(
      [
        [cx - topW / 2, box.y],
        [cx + topW / 2, box.y],
        [cx + botW / 2, box.y + box.h],
        [cx - botW / 2, box.y + box.h],
      ],
      '#6C757D',
    ),
    polygon(
      [
        [cx - topW / 2, box.y],
        [cx - topW / 2 - 10, box.y],
        [cx - botW / 2 - 30, box.y + box.h],
        [cx - botW / 2, box.y + box.h],
      ],
      darken(ctx.palette[1], 0.2),
    ),
    polygon(
      [
        [cx + topW / 2, box.y],
        [cx + topW / 2 + 10, box.y],
        [cx + botW / 2 + 30, box.y + box.h],
        [cx + botW / 2, box.y + box.h],
      ],
      darken(ctx.palette[1], 0.2),
    ),
  ];
  for (const t of [-1 / 6, 1 / 6])
    out.push(line(cx + topW * t, box.y, cx + botW * t, box.y + box.h, '#ffffff', 5, { dash: '30 24', opacity: 0.8 }));
  for (let i = 0; i < 7; i++) {
    const depth = 0.15 + (i / 7) * 0.8;
    const lane = [-1 / 3, 0, 1 / 3][Math.floor(ctx.rand() * 3)];
    const width = topW + (botW - topW) * depth;
    out.push(
      icon(i % 3 === 2 ? 'gem' : 'coin', cx + width * lane, box.y + box.h * depth, 22 * ctx.u + 40 * ctx.u * depth),
    );
  }
  const runnerY = box.y + box.h * 0.88;
  out.push(
    circle(cx, runnerY - 70 * ctx.u, 26 * ctx.u, '#F5C99B'),
    rect(cx - 28 * ctx.u, runnerY - 46 * ctx.u, 56 * ctx.u, 70 * ctx.u, ctx.palette[2], { rx: 14 * ctx.u }),
  );
  return out.join('');
}

function plots(ctx: ScreenContext, box: Box): string {
  const cols = ctx.portrait ? 3 : 5;
  const rows = ctx.portrait ? 4 : 3;
  const cw = box.w / cols;
  const ch = box.h / rows;
  const out = [rect(box.x, box.y, box.w, box.h, '#7CB342', { rx: 24 * ctx.u })];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = box.x + c * cw + cw * 0.08;
      const y = box.y + r * ch + ch * 0.1;
      const kind = ctx.rand();
      if (kind < 0.25) {
        out.push(
          rect(x, y + ch * 0.2, cw * 0.84, ch * 0.6, lighten(ctx.palette[0], 0.2), {
            rx: 10,
            stroke: darken(ctx.palette[0], 0.3),
            sw: 3,
          }),
        );
        out.push(
          polygon(
            [
              [x - 6, y + ch * 0.22],
              [x + cw * 0.42, y - ch * 0.05],
              [x + cw * 0.9, y + ch * 0.22],
            ],
            darken(ctx.palette[1], 0.1),
          ),
        );
      } else {
        out.push(rect(x, y, cw * 0.84, ch * 0.8, '#8D5524', { rx: 12 }));
        for (let k = 0; k < 6; k++)
          out.push(
            circle(
              x + cw * (0.15 + (k % 3) * 0.27),
              y + ch * (0.25 + Math.floor(k / 3) * 0.32),
              Math.min(cw, ch) * 0.09,
              kind < 0.6 ? '#F2C14E' : '#4CAF50',
            ),
          );
      }
    }
  }
  return out.join('');
}

function arena(ctx: ScreenContext, box: Box): string {
  const [main, second, accent] = ctx.palette;
  const out = [rect(box.x, box.y, box.w, box.h, darken(mix(main, '#5D7A3A', 0.7), 0.1), { rx: 24 * ctx.u })];
  for (let i = 0; i < 6; i++)
    out.push(
      circle(
        box.x + ctx.rand() * box.w,
        box.y + ctx.rand() * box.h,
        (40 + ctx.rand() * 70) * ctx.u,
        darken('#5D7A3A', 0.2),
        { opacity: 0.35 },
      ),
    );
  const towerW = 80 * ctx.u;
  out.push(
    rect(box.x + box.w * 0.5 - towerW / 2, box.y + 20 * ctx.u, towerW, towerW * 1.2, darken(second, 0.2), {
      rx: 10,
      stroke: '#2D3142',
      sw: 3,
    }),
  );
  out.push(
    rect(box.x + box.w * 0.5 - towerW / 2, box.y + box.h - towerW * 1.3, towerW, towerW * 1.2, darken(accent, 0.2), {
      rx: 10,
      stroke: '#2D3142',
      sw: 3,
    }),
  );
  for (let i = 0; i < 9; i++) {
    const friendly = i % 2 === 0;
    const x = box.x + 40 * ctx.u + ctx.rand() * (box.w - 80 * ctx.u);
    const y = box.y + (friendly ? 0.5 + ctx.rand() * 0.35 : 0.15 + ctx.rand() * 0.35) * box.h;
    const radius = 18 * ctx.u + ctx.rand() * 10 * ctx.u;
    const color = friendly ? '#4C7BE8' : '#E63946';
    out.push(circle(x, y, radius, color, { stroke: '#ffffff', sw: 3 }));
    out.push(
      rect(x - radius, y - radius - 14 * ctx.u, radius * 2, 7 * ctx.u, '#2D3142', { rx: 3 }),
      rect(
        x - radius,
        y - radius - 14 * ctx.u,
        radius * 2 * (0.3 + ctx.rand() * 0.7),
        7 * ctx.u,
        friendly ? '#37C35A' : '#FF9F1C',
        { rx: 3 },
      ),
    );
  }
  out.push(star(box.x + box.w * 0.5, box.y + box.h * 0.5, 26 * ctx.u, '#FFF3B0', '#FF9F1C'));
  return out.join('');
}

/** Booster buttons under (portrait) or beside (landscape) the board. */
export function boosterBar(ctx: ScreenContext, box: Box, labels: string[]): string {
  const kinds: IconKind[] = ['hammer', 'rocket', 'bomb', 'bolt'];
  const n = 4;
  const size = ctx.portrait
    ? Math.min(box.w / n - 24 * ctx.u, 120 * ctx.u)
    : Math.min(box.h / n - 20 * ctx.u, 110 * ctx.u);
  return kinds
    .map((kind, i) => {
      const cx = ctx.portrait ? box.x + (box.w / n) * (i + 0.5) : box.x + box.w / 2;
      const cy = ctx.portrait ? box.y + box.h / 2 : box.y + (box.h / n) * (i + 0.5);
      return (
        circle(cx, cy, size / 2, darken(ctx.palette[0], 0.4), { stroke: lighten(ctx.palette[2], 0.2), sw: 5 }) +
        icon(kind, cx, cy, size * 0.6) +
        circle(cx + size * 0.36, cy + size * 0.34, size * 0.17, '#E63946', { stroke: '#ffffff', sw: 3 }) +
        text(cx + size * 0.36, cy + size * 0.42, labels[i] ?? String(1 + i), {
          size: size * 0.2,
          fill: '#ffffff',
          bold: true,
          anchor: 'middle',
        })
      );
    })
    .join('');
}

/** The game's usual screen (world, status bar, currency bar, playfield) for templates that sit on top of it. */
export function gameScreenBody(ctx: ScreenContext, bgSvg: string): string {
  const top = 110 * ctx.u;
  const box: Box = ctx.portrait
    ? { x: 30 * ctx.u, y: top + 140 * ctx.u, w: ctx.w - 60 * ctx.u, h: ctx.h - top - 360 * ctx.u }
    : { x: 200 * ctx.u, y: top + 10 * ctx.u, w: ctx.w - 400 * ctx.u, h: ctx.h - top - 40 * ctx.u };
  return bgSvg + statusBarAndCurrency(ctx) + playfield(ctx, box);
}

const statusBarAndCurrency = (ctx: ScreenContext) => statusBar(ctx) + currencyBar(ctx);
