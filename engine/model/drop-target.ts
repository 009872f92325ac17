import { DROP_TARGET_OFFSET_X, DROP_TARGET_OFFSET_Y } from '#shared/constants';
import type { Point } from '../types';

/** Spec board-workspace §4 Card drag: the drop target is the section under the card's position plus (160, 170). */
export function dropTargetPoint(position: Point): Point {
  return { x: position.x + DROP_TARGET_OFFSET_X, y: position.y + DROP_TARGET_OFFSET_Y };
}
