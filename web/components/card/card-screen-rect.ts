import type { BoardEngine, CameraView, Rect } from '#engine/types';
import type { Card } from '../../data/wire';
import { worldToScreen } from '#engine/model/camera';
import { cardRect } from '#shared/card-geometry';

/** A card's rectangle on screen (host-local pixels), through the engine when mounted, else the camera mirror. */
export function cardScreenRect(
  card: Pick<Card, 'position' | 'orientation'>,
  view: CameraView,
  engine: BoardEngine | null,
): Rect {
  const world = cardRect(card);
  const topLeft = engine ? engine.worldToScreen(card.position) : worldToScreen(view, card.position);
  return { x: topLeft.x, y: topLeft.y, width: world.width * view.zoom, height: world.height * view.zoom };
}
