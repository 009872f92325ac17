/** Card sizes and reference points fixed by the spec (board-workspace §4 Card drag, §9 card size). */
import {
  CARD_HEIGHT_HORIZONTAL,
  CARD_HEIGHT_VERTICAL,
  CARD_WIDTH_HORIZONTAL,
  CARD_WIDTH_VERTICAL,
  DROP_TARGET_OFFSET_X,
  DROP_TARGET_OFFSET_Y,
} from '../../shared/constants';
import type { EngineCard, Point, Rect, Size } from '../types';

export type Orientation = EngineCard['orientation'];

const HORIZONTAL: Size = { width: CARD_WIDTH_HORIZONTAL, height: CARD_HEIGHT_HORIZONTAL };
const VERTICAL: Size = { width: CARD_WIDTH_VERTICAL, height: CARD_HEIGHT_VERTICAL };

/** Spec: 340 × 280 horizontal, 207.5 × 430 vertical ('vertical' or otherwise horizontal). */
export function cardSize(orientation: Orientation | string): Size {
  return orientation === 'vertical' ? VERTICAL : HORIZONTAL;
}

export function cardRect(card: Pick<EngineCard, 'position' | 'orientation'>): Rect {
  const size = cardSize(card.orientation);
  return { x: card.position.x, y: card.position.y, width: size.width, height: size.height };
}

/** Spec: the drop target is the section under the card's position plus (160, 170). */
export function dropTargetPoint(position: Point): Point {
  return { x: position.x + DROP_TARGET_OFFSET_X, y: position.y + DROP_TARGET_OFFSET_Y };
}
