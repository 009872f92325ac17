/**
 * Hit tests through the spatial index (Pixi's own hit-testing is off on the world). Stacking follows the spec
 * (board-workspace §9): dragging 100, hovered 40, bookmarked 20, others 10; equal ranks stack in board order.
 */
import { Z_BOOKMARKED, Z_DEFAULT, Z_DRAGGING, Z_HOVERED } from '#shared/constants';
import type { EngineCard, EngineSection, Point } from '../types';
import type { BoardStore } from './board-store';
import { dropTargetPoint } from './drop-target';
import { sectionPartAt, type SectionPart } from './section-layout';

export type StackState = { dragging: ReadonlySet<number>; hoveredId: number | null };

export function stackRank(card: EngineCard, state: StackState): number {
  if (state.dragging.has(card.id)) return Z_DRAGGING;
  if (state.hoveredId === card.id) return Z_HOVERED;
  return card.isBookmarked ? Z_BOOKMARKED : Z_DEFAULT;
}

/** The topmost card under a world point, as a store index, or -1. */
export function topCardAt(store: BoardStore, world: Point, state: StackState, exclude?: ReadonlySet<number>): number {
  const hits = store.spatialIndex.queryPoint(world);
  let best = -1;
  let bestRank = -1;
  for (const i of hits) {
    const card = store.cards[i];
    if (exclude?.has(card.id)) continue;
    const rank = stackRank(card, state);
    if (rank > bestRank || (rank === bestRank && i > best)) {
      best = i;
      bestRank = rank;
    }
  }
  return best;
}

/** The topmost (last drawn) section containing a world point, with the part hit. */
export function sectionAt(
  sections: readonly EngineSection[],
  world: Point,
  zoom: number,
): { index: number; part: SectionPart } | null {
  for (let i = sections.length - 1; i >= 0; i--) {
    const part = sectionPartAt(sections[i], world, zoom);
    if (part) return { index: i, part };
  }
  return null;
}

/**
 * The section a card dropped at `position` lands in (spec: the section under position + (160, 170)), or null.
 * Locked sections hide their cards, so they never take a drop.
 */
export function dropSectionAt(sections: readonly EngineSection[], position: Point): EngineSection | null {
  const p = dropTargetPoint(position);
  for (let i = sections.length - 1; i >= 0; i--) {
    const s = sections[i];
    if (s.locked) continue;
    if (
      p.x >= s.position.x &&
      p.x < s.position.x + s.size.width &&
      p.y >= s.position.y &&
      p.y < s.position.y + s.size.height
    ) {
      return s;
    }
  }
  return null;
}
