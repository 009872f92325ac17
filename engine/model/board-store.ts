/**
 * The board's data as plain arrays: cards and sections by dense index, an id → index map, a spatial index of
 * card rectangles, and a version per card that changes whenever something drawn on it changes (so baked
 * textures know they are stale). Pure: no Pixi, no DOM.
 */
import type { BoardData, CardPatch, EngineCard, EngineSection, Point, Rect } from '../types';
import { cardRect } from './card-geometry';
import { unionRect } from './rect';
import { SpatialGrid } from './spatial-grid';

/** Fields whose change alters the card's picture (position and section only move it). */
const DRAWN_FIELDS = ['title', 'description', 'game', 'gameLink', 'images', 'tags', 'orientation', 'isBookmarked'] as const;

export class BoardStore {
  cards: EngineCard[] = [];
  sections: EngineSection[] = [];
  /** Bumped per card when its picture changes. */
  versions = new Uint32Array(0);
  readonly grid = new SpatialGrid();
  private cardIndexById = new Map<number, number>();
  private sectionIndexById = new Map<number, number>();
  /** Bumped on every change; views compare it to know when to re-query. */
  revision = 0;

  setBoard(data: BoardData): void {
    this.cards = data.cards.map((c) => ({ ...c, position: { ...c.position }, images: [...c.images], tags: [...c.tags] }));
    this.sections = data.sections.map((s) => ({ ...s, position: { ...s.position }, size: { ...s.size } }));
    this.cardIndexById = new Map(this.cards.map((c, i) => [c.id, i]));
    this.sectionIndexById = new Map(this.sections.map((s, i) => [s.id, i]));
    this.versions = new Uint32Array(this.cards.length);
    this.grid.clear();
    this.cards.forEach((c, i) => this.grid.insert(i, cardRect(c)));
    this.revision++;
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
      const redraw = DRAWN_FIELDS.some((f) => patch[f] !== undefined && !sameValue(patch[f], card[f]));
      Object.assign(card, patch, {
        position: patch.position ? { ...patch.position } : card.position,
        images: patch.images ? [...patch.images] : card.images,
        tags: patch.tags ? [...patch.tags] : card.tags,
      });
      if (redraw) this.versions[i]++;
      this.grid.insert(i, cardRect(card));
      changed.push(i);
    }
    if (changed.length) this.revision++;
    return changed;
  }

  moveCard(index: number, position: Point): void {
    const card = this.cards[index];
    card.position = { x: position.x, y: position.y };
    this.grid.insert(index, cardRect(card));
    this.revision++;
  }

  setCardSection(index: number, sectionId: number | null): void {
    this.cards[index].sectionId = sectionId;
    this.versions[index]++;
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

  markRedraw(index: number): void {
    this.versions[index]++;
  }

  /** World bounds of every card and section (an empty board gives a zero rect at the origin). */
  bounds(cardIds?: readonly number[]): Rect {
    let r: Rect | null = null;
    if (cardIds) {
      for (const id of cardIds) {
        const c = this.card(id);
        if (c) r = unionRect(r, cardRect(c));
      }
      return r ?? { x: 0, y: 0, width: 0, height: 0 };
    }
    for (const c of this.cards) r = unionRect(r, cardRect(c));
    for (const s of this.sections) r = unionRect(r, { ...s.position, ...s.size });
    return r ?? { x: 0, y: 0, width: 0, height: 0 };
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}
