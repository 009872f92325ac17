/**
 * The board engine's public contract: the data it draws, the imperative API React calls, and the typed events
 * it emits. web/components/BoardCanvas.tsx is the only consumer; nothing here knows React, zustand or fetch.
 */

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };
export type Rect = { x: number; y: number; width: number; height: number };

/** A card as the board draws it (world units; position is the card's top-left corner). */
export type EngineCard = {
  id: number;
  sectionId: number | null;
  title: string;
  description: string;
  game: string;
  gameLink: string;
  images: string[];
  tags: string[];
  orientation: 'horizontal' | 'vertical';
  isBookmarked: boolean;
  position: Point;
};

export type EngineSection = {
  id: number;
  title: string;
  color: string;
  position: Point;
  size: Size;
  /** Free-plan lock: drawn as the dashed 'Premium Section' placeholder (its cards are never sent). */
  locked?: boolean;
};

export type BoardData = { cards: EngineCard[]; sections: EngineSection[] };

/** Camera: screen = world * zoom + offset. */
export type CameraView = { zoom: number; offset: Point };

export type CardPatch = Partial<Omit<EngineCard, 'id'>> & { id: number };

export type BoardEngineOptions = {
  /** Origin used to make relative and /api/storage/ image URLs absolute (defaults to location.origin). */
  origin?: string;
  lowSpec?: boolean;
  initialView?: CameraView;
  /** Background color of the canvas. */
  background?: number;
};

export type BoardEngineEvents = {
  cardClick: { cardId: number; shiftKey: boolean };
  cardOpen: { cardId: number; imageIndex: number };
  /** Screen rect of the hovered card (null when the pointer leaves all cards). */
  cardHover: { cardId: number; rect: Rect } | null;
  cardContextMenu: { cardId: number; screen: Point };
  dragStart: { cardIds: number[] };
  dragMove: { cardIds: number[]; position: Point; dropSectionId: number | null };
  dragEnd: { cardIds: number[]; position: Point; sectionId: number | null; moved: Point[] };
  sectionMove: { sectionId: number; position: Point };
  sectionResize: { sectionId: number; size: Size };
  sectionTitleClick: { sectionId: number };
  lockedSectionUpgrade: { sectionId: number };
  findSimilar: { cardId: number };
  bookmarkMarker: { cardId: number };
  /** Fired 150 ms after the last wheel step / at the end of a pan (spec: wheel commit delay). */
  cameraChange: CameraView;
  /** Every frame the view changes (for overlays that follow the canvas). */
  viewChange: CameraView;
  /** Rubber-band selection finished on empty canvas with Shift held. */
  selectRect: { cardIds: number[] };
  backgroundClick: Record<string, never>;
  lowSpecChange: { lowSpec: boolean; automatic: boolean };
};

export type BoardEngineEventName = keyof BoardEngineEvents;

export interface BoardEngine {
  setBoard(data: BoardData): void;
  updateCards(patches: CardPatch[]): void;
  /** Cards newly added by a query: they fall in with the spec's stagger and ripple, then stay highlighted 5 s. */
  dropInCards(cardIds: number[]): void;
  getView(): CameraView;
  setView(view: CameraView): void;
  zoomBy(factor: number, anchor?: Point): void;
  resetView(): void;
  centerOn(point: Point, zoom?: number): void;
  /** Fit the camera to the given cards (or the whole board). */
  zoomToFit(cardIds?: number[]): void;
  worldToScreen(point: Point): Point;
  screenToWorld(point: Point): Point;
  highlight(cardId: number, ms: number): void;
  setSelection(cardIds: number[]): void;
  setDragEnabled(enabled: boolean): void;
  setLowSpec(lowSpec: boolean): void;
  isLowSpec(): boolean;
  /** World bounds of everything on the board (for the minimap). */
  getBoardBounds(): Rect;
  /** Subscribe; returns the unsubscribe function. */
  on<E extends BoardEngineEventName>(event: E, fn: (payload: BoardEngineEvents[E]) => void): () => void;
  destroy(): void;
}
