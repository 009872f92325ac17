/**
 * The board's data as plain arrays: cards and sections by dense index, an id → index map, a spatial index of
 * card rectangles, and a hash per card of everything drawn on it (so a baked texture knows it is stale, and
 * survives setBoard() of the same data). Pure: no Pixi, no DOM.
 */
import type { BoardData, CardPatch, EngineCard, EngineSection, Point, Rect } from '../types';
import { cardRect } from '#shared/card-geometry';
import { unionRect } from './rect';
import { CardIndex } from './card-index';

/** Fields whose change alters the card's picture (position and section only move it). */
const DRAWN_FIELDS = [
  'title',
  'description',
  'game',
  'gameLink',
  'images',
  'tags',
  'orientation',
  'isBookmarked',
] as const;

export class BoardStore {
  cards: EngineCard[] = [];
  sections: EngineSection[] = [];
  /** Per card: a hash of the fields drawn on it. */
  contentHashes = new Uint32Array(0);
  readonly spatialIndex = new CardIndex();
  private cardIndexById = new Map<number, number>();
  private sectionIndexById = new Map<number, number>();
  /** Bumped on every change; views compare it to know when to re-query. */
  revision = 0;

  setBoard(data: BoardData): void {
    this.cards = data.cards.map((c) => ({
      ...c,
      position: { ...c.position },
      images: [...c.images],
      tags: [...c.tags],
    }));
    this.sections = data.sections.map((s) => ({ ...s, position: { ...s.position }, size: { ...s.size } }));
    this.cardIndexById = new Map(this.cards.map((c, i) => [c.id, i]));
    this.sectionIndexById = new Map(this.sections.map((s, i) => [s.id, i]));
    this.contentHashes = new Uint32Array(this.cards.length);
    this.cards.forEach((c, i) => {
      this.contentHashes[i] = contentHash(c);
    });
    this.spatialIndex.load(this.cards.map(cardRect));
    this.revision++;
  }

  /**
   * Adds cards after the current ones (a board streamed in pages); an id already present is updated in place.
   * Costs the added cards plus one copy of the hash array, whatever the board's size. Returns how many were added.
   */
  appendCards(cards: readonly EngineCard[]): number {
    const fresh: EngineCard[] = [];
    const known: CardPatch[] = [];
    const freshIds = new Set<number>();
    for (const c of cards) {
      if (this.cardIndexById.has(c.id) || freshIds.has(c.id)) known.push(c);
      else {
        fresh.push(c);
        freshIds.add(c.id);
      }
    }
    if (fresh.length === 0) {
      if (known.length) this.updateCards(known);
      return 0;
    }
    const start = this.cards.length;
    const hashes = new Uint32Array(start + fresh.length);
    hashes.set(this.contentHashes.subarray(0, start));
    this.contentHashes = hashes;
    for (let k = 0; k < fresh.length; k++) {
      const c = fresh[k];
      const i = start + k;
      const copy = { ...c, position: { ...c.position }, images: [...c.images], tags: [...c.tags] };
      this.cards.push(copy);
      this.cardIndexById.set(c.id, i);
      hashes[i] = contentHash(copy);
      this.spatialIndex.insert(i, cardRect(copy));
    }
    this.revision++;
    if (known.length) this.updateCards(known);
    return fresh.length;
  }

  cardIndex(id: number): number {
    return this.cardIndexById.get(id) ?? -1;
  }

  card(id: number): EngineCard | undefined {
    const i = this.cardIndex(id);
    return i < 0 ? undefined : this.cards[i];
  }

  sectionIndex(id: number): number {
    return this.sectionIndexById.get(id) ?? -1;
  }

  section(id: number): EngineSection | undefined {
    const i = this.sectionIndex(id);
    return i < 0 ? undefined : this.sections[i];
  }

  /** Applies patches to known cards (unknown ids are ignored); returns the indices that changed. */
  updateCards(patches: readonly CardPatch[]): number[] {
    const changed: number[] = [];
    for (const patch of patches) {
      const i = this.cardIndex(patch.id);
      if (i < 0) continue;
      const card = this.cards[i];
      Object.assign(card, patch, {
        position: patch.position ? { ...patch.position } : card.position,
        images: patch.images ? [...patch.images] : card.images,
        tags: patch.tags ? [...patch.tags] : card.tags,
      });
      this.contentHashes[i] = contentHash(card);
      this.spatialIndex.insert(i, cardRect(card));
      changed.push(i);
    }
    if (changed.length) this.revision++;
    return changed;
  }

  moveCard(index: number, position: Point): void {
    const card = this.cards[index];
    card.position = { x: position.x, y: position.y };
    this.spatialIndex.insert(index, cardRect(card));
    this.revision++;
  }

  setCardSection(index: number, sectionId: number | null): void {
    this.cards[index].sectionId = sectionId;
    this.revision++;
  }

  moveSection(index: number, position: Point): void {
    this.sections[index].position = { ...position };
    this.revision++;
  }

  resizeSection(index: number, size: { width: number; height: number }): void {
    this.sections[index].size = { ...size };
    this.revision++;
  }

  /**
   * World bounds of the given cards, or of every card and section (an empty board gives a zero rect at the
   * origin); `lockedSections: false` leaves a free plan's locked placeholders out.
   */
  bounds(cardIds?: readonly number[], options: { lockedSections?: boolean } = {}): Rect {
    let r: Rect | null = null;
    if (cardIds) {
      for (const id of cardIds) {
        const c = this.card(id);
        if (c) r = unionRect(r, cardRect(c));
      }
      return r ?? { x: 0, y: 0, width: 0, height: 0 };
    }
    for (const c of this.cards) r = unionRect(r, cardRect(c));
    for (const s of this.sections)
      if (options.lockedSections !== false || !s.locked) r = unionRect(r, { ...s.position, ...s.size });
    return r ?? { x: 0, y: 0, width: 0, height: 0 };
  }
}

/** FNV-1a over the drawn fields (a change of position or section leaves it alone). */
export function contentHash(card: EngineCard): number {
  let h = 0x811c9dc5;
  const add = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x1f;
    h = Math.imul(h, 0x01000193);
  };
  for (const f of DRAWN_FIELDS) {
    const v = card[f];
    add(Array.isArray(v) ? v.join('\u0001') : String(v));
  }
  return h >>> 0;
}
