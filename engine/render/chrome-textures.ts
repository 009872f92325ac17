/**
 * The few small textures all card and section chrome is cut from, painted once with Canvas 2D (anti-aliased
 * rounded corners, circles, chevrons) and stretched as nine-slice sprites — no masks, no per-card Graphics.
 * Painted at 2× so they stay sharp in 2× bakes.
 */
import { CanvasSource, Texture } from 'pixi.js';

const RES = 2;
export const CARD_BORDER = '#e2e4e9';

export type ChromeTextures = {
  /** White rounded rectangle, radius 6 (gallery frame, bottom bar). Nine-slice border 7. */
  frame: Texture;
  /** White pill, 15 high (chips, counter). Nine-slice border 7. */
  pill: Texture;
  /** White disc, 26 across (dots). */
  disc: Texture;
  prevButton: Texture;
  nextButton: Texture;
  /** Rounded outline, radius 14, 3 wide (highlight, selection, drop target). Nine-slice border 16. */
  ring: Texture;
  /** White rounded rectangle, radius 16 (sections). Nine-slice border 18. */
  section: Texture;
  /** Amber corner ribbon for bookmarked cards, 30 × 30. */
  bookmark: Texture;
  /** 16 × 16, opaque outside a quarter circle of radius 16 centred at its bottom-right: rounds a square corner. */
  cornerMask: Texture;
  /** 10 × 10: the card's corner, opaque outside radius 10 (tinted with the colour behind the card). */
  cardCornerMask: Texture;
  /** 10 × 10: the card border's 1 px arc at that corner (drawn over the mask). */
  cardCornerArc: Texture;
  destroy(): void;
};

function paint(width: number, height: number, draw: (ctx: CanvasRenderingContext2D) => void): Texture {
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * RES);
  canvas.height = Math.ceil(height * RES);
  const ctx = canvas.getContext('2d')!;
  ctx.scale(RES, RES);
  draw(ctx);
  return new Texture({ source: new CanvasSource({ resource: canvas, resolution: RES }) });
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function chevron(direction: -1 | 1): Texture {
  return paint(26, 26, (ctx) => {
    ctx.fillStyle = 'rgba(255,255,255,0.92)';
    ctx.beginPath();
    ctx.arc(13, 13, 12.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = '#1f2937';
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(13 - direction * 2.5, 8);
    ctx.lineTo(13 + direction * 2.5, 13);
    ctx.lineTo(13 - direction * 2.5, 18);
    ctx.stroke();
  });
}

export function createChromeTextures(): ChromeTextures {
  const textures = {
    frame: paint(24, 24, (ctx) => {
      roundRect(ctx, 0, 0, 24, 24, 6);
      ctx.fillStyle = '#ffffff';
      ctx.fill();
    }),
    pill: paint(30, 15, (ctx) => {
      roundRect(ctx, 0, 0, 30, 15, 7.5);
      ctx.fillStyle = '#ffffff';
      ctx.fill();
    }),
    disc: paint(26, 26, (ctx) => {
      ctx.beginPath();
      ctx.arc(13, 13, 13, 0, Math.PI * 2);
      ctx.fillStyle = '#ffffff';
      ctx.fill();
    }),
    prevButton: chevron(-1),
    nextButton: chevron(1),
    ring: paint(40, 40, (ctx) => {
      roundRect(ctx, 1.5, 1.5, 37, 37, 14);
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 3;
      ctx.stroke();
    }),
    section: paint(64, 64, (ctx) => {
      roundRect(ctx, 0, 0, 64, 64, 16);
      ctx.fillStyle = '#ffffff';
      ctx.fill();
    }),
    cornerMask: paint(16, 16, (ctx) => {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, 16, 16);
      ctx.globalCompositeOperation = 'destination-out';
      ctx.beginPath();
      ctx.arc(16, 16, 16, 0, Math.PI * 2);
      ctx.fill();
    }),
    cardCornerMask: paint(10, 10, (ctx) => {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, 10, 10);
      ctx.globalCompositeOperation = 'destination-out';
      ctx.beginPath();
      ctx.arc(10, 10, 9.5, 0, Math.PI * 2);
      ctx.fill();
    }),
    cardCornerArc: paint(10, 10, (ctx) => {
      ctx.strokeStyle = CARD_BORDER;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.arc(10, 10, 9.5, Math.PI, Math.PI * 1.5);
      ctx.stroke();
    }),
    bookmark: paint(30, 30, (ctx) => {
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.lineTo(30, 0);
      ctx.lineTo(0, 30);
      ctx.closePath();
      ctx.fillStyle = '#f59e0b';
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.beginPath();
      const cx = 9;
      const cy = 9;
      for (let i = 0; i < 10; i++) {
        const r = i % 2 === 0 ? 5 : 2.2;
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
      }
      ctx.closePath();
      ctx.fill();
    }),
  };
  return {
    ...textures,
    destroy() {
      for (const t of Object.values(textures)) t.destroy(true);
    },
  };
}
