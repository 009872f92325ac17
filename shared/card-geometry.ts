import { CARD_HEIGHT_HORIZONTAL, CARD_HEIGHT_VERTICAL, CARD_WIDTH_HORIZONTAL, CARD_WIDTH_VERTICAL } from './constants';

/**
 * A card's size and world rectangle (spec board-workspace §9: 340 × 280 horizontal, 207.5 × 430 vertical), the one
 * rule the layout, the engine, the minimap, find on board and the drop placement all read.
 */

type CardSize = { width: number; height: number };
type CardRect = { x: number; y: number; width: number; height: number };

const HORIZONTAL: CardSize = { width: CARD_WIDTH_HORIZONTAL, height: CARD_HEIGHT_HORIZONTAL };
const VERTICAL: CardSize = { width: CARD_WIDTH_VERTICAL, height: CARD_HEIGHT_VERTICAL };

/** 'vertical' cards are tall, anything else is horizontal. A shared object: copy it before changing it. */
export function cardSize(orientation: string): CardSize {
  return orientation === 'vertical' ? VERTICAL : HORIZONTAL;
}

/** @example cardRect({ position: { x: 10, y: 20 }, orientation: 'vertical' }) // { x: 10, y: 20, width: 207.5, height: 430 } */
export function cardRect(card: { position: { x: number; y: number }; orientation: string }): CardRect {
  const size = cardSize(card.orientation);
  return { x: card.position.x, y: card.position.y, width: size.width, height: size.height };
}
