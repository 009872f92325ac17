import {
  closeGaps,
  moveSectionWithCards,
  organizeLayout,
  placeCards,
  withUpdates,
  type ReflowBoard,
} from '#shared/board-intents';
import type { LayoutUpdate } from '#shared/layout';
import type { BoardOpInput } from '#shared/schemas/board-ops';
import type { Card, Section } from '../../data/wire';
import type { LocalBoard } from './merge-change';

/**
 * What a batch of ops will make of this screen's board, computed before the server answers, with the same
 * shared functions the server lays the board out with (shared/board-intents.ts): the screen shows the outcome at
 * once, and the server's answer replaces it by version. Pure. Ops it cannot foresee (a new card's id, another
 * board) leave the board as it is; the answer brings them.
 *
 * `known`: cards a restore brings back, as this screen last had them.
 */
export function predictOps(
  board: LocalBoard,
  ops: readonly BoardOpInput[],
  known: ReadonlyMap<number, Card> = new Map(),
): LocalBoard {
  let cards = board.cards as Card[];
  let sections = board.sections as Section[];
  const gaps = new Set<number>();
  const restored = new Set<number>();

  const reflow = (): ReflowBoard => ({
    cards: cards.map((c) => ({
      id: c.id,
      sectionId: c.sectionId ?? null,
      orientation: c.orientation === 'vertical' ? 'vertical' : 'horizontal',
      position: c.position,
    })),
    sections: sections.map((s) => ({ id: s.id, position: s.position, size: s.size })),
  });
  const apply = (updates: readonly LayoutUpdate[]) => {
    if (updates.length === 0) return;
    const laid = withUpdates(reflow(), updates);
    const cardAt = new Map(laid.cards.map((c) => [c.id, c.position]));
    const sectionAt = new Map(laid.sections.map((s) => [s.id, s]));
    cards = cards.map((c) => (cardAt.get(c.id) === c.position ? c : { ...c, position: cardAt.get(c.id)! }));
    sections = sections.map((s) => {
      const box = sectionAt.get(s.id)!;
      return box.position === s.position && box.size === s.size ? s : { ...s, position: box.position, size: box.size };
    });
  };
  const patchCard = (id: number, patch: (c: Card) => Card) => {
    cards = cards.map((c) => (c.id === id ? patch(c) : c));
  };
  const patchSection = (id: number, patch: (s: Section) => Section) => {
    sections = sections.map((s) => (s.id === id ? patch(s) : s));
  };

  for (const op of ops) {
    switch (op.type) {
      case 'cards.place': {
        const outcome = placeCards(reflow(), { ids: op.ids, sectionId: op.sectionId, at: op.at });
        const to = new Map(outcome.sections.map((s) => [s.id, s.sectionId]));
        cards = cards.map((c) => (to.has(c.id) ? { ...c, sectionId: to.get(c.id)! } : c));
        apply(outcome.updates);
        break;
      }
      case 'card.moveToBoard': {
        // Off to another board (or, for an undo, back to the one it came from): gone from this one.
        const card = cards.find((c) => c.id === op.id);
        if (!card) break;
        if (card.sectionId != null) gaps.add(card.sectionId);
        cards = cards.filter((c) => c.id !== op.id);
        break;
      }
      case 'card.delete': {
        const card = cards.find((c) => c.id === op.id);
        if (!card) break;
        if (card.sectionId != null) gaps.add(card.sectionId);
        cards = cards.filter((c) => c.id !== op.id);
        break;
      }
      case 'card.restore': {
        const card = known.get(op.id);
        if (!card || cards.some((c) => c.id === op.id)) break;
        const sectionId =
          card.sectionId != null && sections.some((s) => s.id === card.sectionId) ? card.sectionId : null;
        cards = [...cards, { ...card, sectionId }];
        restored.add(op.id);
        if (sectionId !== null) gaps.add(sectionId);
        break;
      }
      case 'card.move':
        patchCard(op.id, (c) => ({ ...c, position: op.position }));
        break;
      case 'card.setSection':
        if (op.sectionRef === undefined) patchCard(op.id, (c) => ({ ...c, sectionId: op.sectionId || null }));
        break;
      case 'section.resize':
        patchSection(op.id, (s) => ({ ...s, size: op.size }));
        break;
      case 'section.move':
        if (op.withCards) apply(moveSectionWithCards(reflow(), op.id, op.position));
        else patchSection(op.id, (s) => ({ ...s, position: op.position }));
        break;
      case 'section.rename':
        patchSection(op.id, (s) => ({ ...s, title: op.title }));
        break;
      case 'section.recolor':
        patchSection(op.id, (s) => ({ ...s, color: op.color }));
        break;
      case 'layout.set':
        apply([
          ...(op.cards ?? []).map((c) => ({ type: 'card' as const, id: c.id, position: c.position })),
          ...(op.sections ?? []).map((s) => ({
            type: 'section' as const,
            id: s.id,
            position: s.position,
            size: s.size,
          })),
        ]);
        break;
      case 'board.organize': {
        const layout = organizeLayout({
          cards: reflow().cards,
          sections: sections.map((s) => ({ id: s.id, size: s.size, locked: s.locked === true })),
        });
        apply([
          ...layout.cards.map((c) => ({ type: 'card' as const, ...c })),
          ...layout.sections.map((s) => ({ type: 'section' as const, ...s })),
        ]);
        break;
      }
      default:
        break;
    }
  }
  if (gaps.size > 0) {
    const present = [...gaps].filter((id) => sections.some((s) => s.id === id));
    apply(closeGaps(reflow(), present, restored));
  }
  return cards === board.cards && sections === board.sections ? board : { cards, sections };
}
