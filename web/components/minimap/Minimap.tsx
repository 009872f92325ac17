import { useEffect, useMemo, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card, Section } from '../../data/wire';
import { cardRect } from '#shared/card-geometry';
import {
  fitTransform,
  fromMinimap,
  toMinimap,
  viewCenteredOn,
  viewportWorldRect,
  worldBounds,
} from '../../logic/minimap';
import { useAppStore } from '../../stores/app.store';
import { useBoardController } from '../board/board-controller-context';

const WIDTH = 220;
const HEIGHT = 150;

/**
 * A minimap in the corner ("Beyond the original"): the whole board and the viewport; pressing or
 * dragging on it moves the camera there. The board layer is drawn once per data change (cheap at 100,000
 * cards), the viewport frame on every camera change.
 */
export function Minimap({ cards, sections }: { cards: Card[]; sections: Section[] }) {
  const { t } = useTranslation('boardTools');
  const board = useBoardController();
  const view = useAppStore((s) => s.view);
  const canvasSize = useAppStore((s) => s.canvasSize);
  const boardLayer = useRef<HTMLCanvasElement>(null);
  const frameLayer = useRef<HTMLCanvasElement>(null);
  const dragging = useRef(false);

  const transform = useMemo(() => {
    const items = [...sections.map((s) => ({ ...s.position, ...s.size })), ...cards.map(cardRect)];
    return fitTransform(worldBounds(items, null, 200), WIDTH, HEIGHT);
  }, [cards, sections]);

  useEffect(() => {
    const ctx = boardLayer.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    for (const s of sections) {
      const p = toMinimap(transform, s.position);
      ctx.fillStyle = s.color;
      ctx.fillRect(p.x, p.y, Math.max(1, s.size.width * transform.scale), Math.max(1, s.size.height * transform.scale));
    }
    ctx.fillStyle = '#6b7280';
    for (const c of cards) {
      const r = cardRect(c);
      const p = toMinimap(transform, r);
      ctx.fillRect(p.x, p.y, Math.max(1, r.width * transform.scale), Math.max(1, r.height * transform.scale));
    }
  }, [cards, sections, transform]);

  useEffect(() => {
    const ctx = frameLayer.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    const vp = viewportWorldRect(view, canvasSize.width, canvasSize.height);
    const p = toMinimap(transform, vp);
    ctx.strokeStyle = '#4f46e5';
    ctx.lineWidth = 2;
    ctx.fillStyle = 'rgba(79, 70, 229, 0.12)';
    ctx.fillRect(p.x, p.y, vp.width * transform.scale, vp.height * transform.scale);
    ctx.strokeRect(p.x, p.y, vp.width * transform.scale, vp.height * transform.scale);
  }, [view, canvasSize, transform]);

  const moveTo = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!board) return;
    const box = e.currentTarget.getBoundingClientRect();
    const world = fromMinimap(transform, { x: e.clientX - box.left, y: e.clientY - box.top });
    const next = viewCenteredOn(board.view(), world, canvasSize.width, canvasSize.height);
    board.moveTo(next);
  };

  return (
    <div className="minimap" data-testid="minimap" aria-label={t('minimap')} role="img">
      <canvas ref={boardLayer} width={WIDTH} height={HEIGHT} />
      <canvas
        ref={frameLayer}
        width={WIDTH}
        height={HEIGHT}
        onPointerDown={(e) => {
          dragging.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          moveTo(e);
        }}
        onPointerMove={(e) => dragging.current && moveTo(e)}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
      />
    </div>
  );
}
