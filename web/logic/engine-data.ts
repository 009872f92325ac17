import type { BoardData, CardPatch, EngineCard, EngineSection } from '#engine/types';
import type { Card, Section } from '../data/wire';

/** A wire card as the engine draws it (sectionId null = none, bookmark as a boolean). */
export function toEngineCard(card: Card): EngineCard {
  return {
    id: card.id,
    sectionId: card.sectionId ?? null,
    title: card.title,
    description: card.description,
    game: card.game,
    gameLink: card.gameLink,
    images: card.images,
    tags: card.tags,
    orientation: card.orientation === 'vertical' ? 'vertical' : 'horizontal',
    isBookmarked: card.isBookmarked === 1,
    position: card.position,
  };
}

export function toEngineSection(section: Section & { locked?: boolean }): EngineSection {
  return {
    id: section.id,
    title: section.title,
    color: section.color,
    position: section.position,
    size: section.size,
    ...(section.locked ? { locked: true } : {}),
  };
}

export function toBoardData(cards: readonly Card[], sections: readonly Section[]): BoardData {
  return { cards: cards.map(toEngineCard), sections: sections.map(toEngineSection) };
}

/**
 * How to bring the engine from one card list to the next: 'reset' (setBoard) when cards were added or removed,
 * otherwise the patches of the cards whose drawn fields changed (updateCards), compared by reference first so
 * an unchanged 100,000-card list costs one pass.
 */
export function diffCards(prev: readonly Card[], next: readonly Card[]): 'reset' | CardPatch[] {
  if (prev.length !== next.length) return 'reset';
  const prevById = new Map<number, Card>();
  for (const c of prev) prevById.set(c.id, c);
  const patches: CardPatch[] = [];
  for (const card of next) {
    const old = prevById.get(card.id);
    if (!old) return 'reset';
    if (old === card) continue;
    const patch: CardPatch = { id: card.id };
    let changed = false;
    if (old.position.x !== card.position.x || old.position.y !== card.position.y) {
      patch.position = card.position;
      changed = true;
    }
    if ((old.sectionId ?? null) !== (card.sectionId ?? null)) {
      patch.sectionId = card.sectionId ?? null;
      changed = true;
    }
    if (old.isBookmarked !== card.isBookmarked) {
      patch.isBookmarked = card.isBookmarked === 1;
      changed = true;
    }
    if (
      old.title !== card.title ||
      old.description !== card.description ||
      old.images !== card.images ||
      old.tags !== card.tags
    ) {
      Object.assign(patch, { title: card.title, description: card.description, images: card.images, tags: card.tags });
      changed = true;
    }
    if (changed) patches.push(patch);
  }
  return patches;
}
