import type { CameraView, Rect } from '#engine/types';
import type { Card } from '../../data/wire';
import { worldToScreen } from '#engine/model/camera';
import { cardRect } from '#shared/card-geometry';
import type { BoardController } from '../board/board-controller';

/** A card's rectangle on screen (host-local pixels), through the board's camera when mounted, else the camera mirror. */
export function cardScreenRect(
  card: Pick<Card, 'position' | 'orientation'>,
  view: CameraView,
  board: BoardController | null,
): Rect {
  const world = cardRect(card);
  const topLeft = board ? board.toScreen(card.position) : worldToScreen(view, card.position);
  return { x: topLeft.x, y: topLeft.y, width: world.width * view.zoom, height: world.height * view.zoom };
}
