import { LAYOUT_GAP, LAYOUT_START_Y } from '#shared/constants';
import { cardSize } from '#shared/card-geometry';
import type { CardOrientation } from '#shared/layout';

type Placed = { position: { x: number; y: number }; orientation: CardOrientation };
type PlacedSection = { position: { x: number; y: number }; size: { width: number; height: number } };

/**
 * Where a feature added from the search page lands on a board: at the left edge, one layout gap below the
 * lowest card or section, so it never covers what is there (the board's Organize Cards tidies it later).
 */
export function placementBelow(cards: readonly Placed[], sections: readonly PlacedSection[]): { x: number; y: number } {
  let bottom = -Infinity;
  let left = Infinity;
  for (const c of cards) {
    bottom = Math.max(bottom, c.position.y + cardSize(c.orientation).height);
    left = Math.min(left, c.position.x);
  }
  for (const s of sections) {
    bottom = Math.max(bottom, s.position.y + s.size.height);
    left = Math.min(left, s.position.x);
  }
  if (bottom === -Infinity) return { x: 0, y: LAYOUT_START_Y };
  return { x: Math.max(0, left), y: bottom + LAYOUT_GAP };
}
