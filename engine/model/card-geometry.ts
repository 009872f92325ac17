/** Card sizes and reference points fixed by the spec (board-workspace §4 Card drag, §9 card size). */
import { DROP_TARGET_OFFSET_X, DROP_TARGET_OFFSET_Y } from '#shared/constants';
import type { EngineCard, Point } from '../types';

export type Orientation = EngineCard['orientation'];

/** One rule for card size and rectangle, shared with the layout and the web (shared/card-geometry.ts). */
export { cardRect, cardSize } from '#shared/card-geometry';

/** Spec: the drop target is the section under the card's position plus (160, 170). */
export function dropTargetPoint(position: Point): Point {
  return { x: position.x + DROP_TARGET_OFFSET_X, y: position.y + DROP_TARGET_OFFSET_Y };
}
