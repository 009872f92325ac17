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
  /**
   * 'webgl' (default) or 'canvas' (Pixi's Canvas 2D renderer, which Pixi also falls back to when WebGL is not
   * available; the engine draws the same board on both).
   */
  renderer?: 'webgl' | 'canvas';
  /**
   * The words the canvas draws itself, in the interface's language: the web passes its
   * catalogue's `canvas` namespace; English when not given. setTexts changes them later.
   */
  texts?: CanvasTexts;
};

/** Every text the board canvas draws that is not board data (shared/messages/catalogues/<locale>/canvas.ts). */
export type CanvasTexts = {
  findSimilar: string;
  loadingImage: string;
  noImage: string;
  ownImageBadge: string;
  lockedTitle: string;
  lockedUpgrade: string;
};

export type BoardEngineEvents = {
  cardClick: { cardId: number; shiftKey: boolean };
  cardOpen: { cardId: number; imageIndex: number };
  /** Screen rect of the hovered card (null when the pointer leaves all cards). */
  cardHover: { cardId: number; rect: Rect } | null;
  /** `screen` is canvas-local (like worldToScreen); `client` is the page's clientX/Y, for placing a DOM menu. */
  cardContextMenu: { cardId: number; screen: Point; client: Point };
  /** Right-click on an open section (its menu: rename, colour). Same coordinates as cardContextMenu. */
  sectionContextMenu: { sectionId: number; screen: Point; client: Point };
  /**
   * A drag of cards, or a section move or resize, started (true) or ended (false; after its dragEnd, sectionMove or
   * sectionResize). Board data that arrives meanwhile is best held back until it ends: setBoard cancels a gesture.
   */
  editingChange: { editing: boolean };
  dragStart: { cardIds: number[] };
  dragMove: { cardIds: number[]; position: Point; dropSectionId: number | null };
  dragEnd: { cardIds: number[]; position: Point; sectionId: number | null; moved: Point[] };
  /** On release of a section drag; the section's cards moved with it (`cardIds` with their new positions in `moved`). */
  sectionMove: { sectionId: number; position: Point; cardIds: number[]; moved: Point[] };
  sectionResize: { sectionId: number; size: Size };
  sectionTitleClick: { sectionId: number };
  lockedSectionUpgrade: { sectionId: number };
  findSimilar: { cardId: number };
  bookmarkMarker: { cardId: number };
  /** Fired 150 ms after the last wheel step / at the end of a pan (spec: wheel commit delay). */
  cameraChange: CameraView;
  /** The view changed: told at once, before the frame that draws it (for overlays and mirrors of the camera). */
  viewChange: CameraView;
  /** Rubber-band selection finished on empty canvas with Shift held. */
  selectRect: { cardIds: number[] };
  backgroundClick: Record<string, never>;
  lowSpecChange: { lowSpec: boolean; automatic: boolean };
  /** A card's game link was clicked (the web opens it; the engine never navigates). */
  gameLinkClick: { cardId: number; url: string };
  /** The gallery's previous / next buttons changed the shown image. */
  galleryChange: { cardId: number; imageIndex: number };
  /**
   * The board's cards or sections were handed in (setBoard, appendCards): one who hands cards in through the web's
   * store (a query's results) waits here for the engine to hold them, instead of polling.
   */
  contentChange: { cards: number; sections: number };
  /** A card dropped in by dropInCards landed (spec: the 'card fell' event). */
  cardLanded: { cardId: number };
  /**
   * Once per setBoard(): the first frame in which every card in view is fully drawn (baked at the current level
   * of detail with its shown image loaded, failed or absent; preloads of other gallery images not waited for) —
   * the board's first full frame. `cards` is the number of cards the board
   * held then; `ms` the time since setBoard().
   */
  boardDrawn: { cards: number; ms: number };
  /**
   * After every drawn frame. `settled`: no bake is waiting, no image is loading, nothing animates and the camera rests
   * (the frame is at full resolution), so the next frame would draw the same picture (the engine lab's settle() waits
   * for it instead of polling the stats).
   */
  frameDrawn: { settled: boolean };
  /**
   * Keyboard focus moved to a card (drawn with a focus ring, the camera brought it into view) or left the cards
   * (null). The web mirrors it in a focusable element that screen readers announce. `index` (from 1) and `count`
   * place the card in the reading order (0 and the count when none is focused).
   */
  cardFocus: { cardId: number | null; index: number; count: number };
};

/** Keyboard focus moves (engine/model/card-focus.ts defines the reading order and the rows). */
export type CardFocusMove = 'next' | 'previous' | 'up' | 'down' | 'first' | 'last';

/**
 * What a key does to the focused card, through the pointer's own events: 'open' sends cardOpen (the viewer),
 * 'menu' cardContextMenu at the card, 'select' a Shift cardClick (the card joins or leaves the selection).
 */
export type CardFocusAction = 'open' | 'menu' | 'select';

/** Counters for tests, the benchmark and a debug overlay. Texture figures cover every texture the engine owns. */
export type EngineStats = {
  /** WebGL renderer string (e.g. SwiftShader or the GPU's name): never compare numbers across two of them. */
  renderer: string;
  lowSpec: boolean;
  resolution: number;
  zoom: number;
  lod: 'dot' | 'thumb-small' | 'thumb' | 'full' | 'full-2x';
  /** Card objects in the scene (sprites, or particles in dot mode). */
  renderedCards: number;
  /** Cards whose rectangle intersects the viewport. */
  cardsInViewport: number;
  totalCards: number;
  frames: number;
  /** Times the WebGL context was lost (each is followed by a restore and a re-bake of the visible cards). */
  contextLosses: number;
  bakes: number;
  bakeBacklog: number;
  imageLoads: number;
  imageFailures: number;
  imagesLoading: number;
  brokenUrls: number;
  textures: {
    images: number;
    imageBytes: number;
    baked: number;
    bakedBytes: number;
    count: number;
    bytes: number;
    budgetBytes: number;
  };
  /**
   * Per-frame samples since the last resetStats(): engine JS (index query, LOD, pool, bakes), the part of it spent
   * baking card textures, the number of bakes, and the CPU side of drawing (renderer.render).
   */
  engineMs: number[];
  bakeMs: number[];
  bakesPerFrame: number[];
  renderMs: number[];
};

/** What the engine shows for one card (a test hook: which level, whether baked, the image's state). */
export type CardInspection = {
  inScene: boolean;
  level: EngineStats['lod'] | null;
  baked: boolean;
  imageIndex: number;
  image: 'ready' | 'loading' | 'failed' | 'none';
  screenRect: Rect;
  /** The section the engine draws the card in (null: none). */
  sectionId: number | null;
};

/** A card flashing now (flashCards): its color and the name shown with it. */
export type FlashInspection = { cardId: number; color: string; label: string };

/** What the engine holds for one section (a test hook, like CardInspection). */
export type SectionInspection = { title: string; color: string; locked: boolean; screenRect: Rect };

export type BoardEngineEventName = keyof BoardEngineEvents;

/**
 * One rendered tile: its place in the output (pixels), and RGBA rows top-down, alpha premultiplied, in a buffer
 * of its own (the caller may keep it or hand it on without a copy).
 */
export type RegionTile = {
  x: number;
  y: number;
  width: number;
  height: number;
  pixels: Uint8ClampedArray<ArrayBuffer>;
};

export type RegionRenderRequest = {
  /** World rectangle to draw. */
  rect: Rect;
  /** Output pixels per world unit (1 = the board at zoom 1). */
  scale: number;
  /** false: the board colour is left transparent (sections and cards are still drawn). */
  background: boolean;
  /** Tile edge in pixels (default 2048, capped by the GPU's texture limit). */
  tileSize?: number;
  /** Checked between steps: true stops the render with a RegionRenderCancelled error. */
  isCancelled?: () => boolean;
  onTile(tile: RegionTile): void | Promise<void>;
  onProgress?(tilesDone: number, tilesTotal: number): void;
};

export interface BoardEngine {
  /** Resolves once the renderer is up (calls made before are queued and applied). */
  readonly ready: Promise<void>;
  /** `animate`: the same board changed (a re-layout): cards whose position changed slide to their new places. */
  setBoard(data: BoardData, options?: { animate?: boolean }): void;
  updateCards(patches: CardPatch[]): void;
  /**
   * Adds cards after those already on the board, keeping the scene, camera and selection (a large board streamed
   * in pages: cost proportional to the added cards, unlike setBoard with the grown list). An id already on the
   * board is updated in place instead.
   */
  appendCards(cards: EngineCard[]): void;
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
  /**
   * Someone else changed these cards (team boards): they flash ~1.5 s (engine/model/flash.ts) in
   * `color` (#RRGGBB), with `label` (the person's name) over the first one.
   */
  flashCards(cardIds: number[], style: { color: string; label: string }): void;
  /** The flashes showing now (a test hook, like inspectCard): which cards, in whose color and name. */
  inspectFlashes(): FlashInspection[];
  /** The cards being dragged now (empty when no drag is on). */
  draggingCardIds(): number[];
  /** Ends a drag of cards now, putting the cards back where it started, with no dragEnd (nothing is saved). */
  cancelDrag(): void;
  setSelection(cardIds: number[]): void;
  /**
   * Puts keyboard focus on a card (null: takes it off the cards). A card of a locked section, or one not on the
   * board, is refused (false). The focused card gets a focus ring, the camera brings it into view, its id is on
   * the canvas element as data-focused-card, and cardFocus is sent when it changes.
   */
  focusCard(cardId: number | null): boolean;
  /** Moves keyboard focus (from nothing: to the first card in view); the card then focused, null when none can be. */
  moveFocus(move: CardFocusMove): number | null;
  focusedCardId(): number | null;
  /** Acts on the focused card as the pointer would (see CardFocusAction); nothing when no card is focused. */
  activateFocused(action: CardFocusAction): void;
  setDragEnabled(enabled: boolean): void;
  /**
   * Lets the board's own gestures through a DOM element laid over the canvas (a hover toolbar): the wheel zooms
   * and Space- or middle-button-drag pans wherever the pointer is; the element keeps its plain clicks. Returns
   * the function that stops it.
   */
  passThrough(element: HTMLElement): () => void;
  setLowSpec(lowSpec: boolean): void;
  /** The canvas's own words in another language: sections redrawn, cards baked again. */
  setTexts(texts: CanvasTexts): void;
  isLowSpec(): boolean;
  /**
   * World bounds of everything on the board (for the minimap); `lockedSections: false` leaves a free plan's
   * locked placeholders out (what Fit frames and a whole-board export draws).
   */
  getBoardBounds(options?: { lockedSections?: boolean }): Rect;
  /** World bounds of the given cards (an empty rect when none is on the board). */
  cardBounds(cardIds: number[]): Rect;
  /**
   * Draws a world rectangle offscreen at `scale` in tiles and hands each tile's pixels to `onTile` (PNG export):
   * the board as drawn, its cards at the scale's level of detail once their images have loaded or failed, clean of
   * what is there to click (gallery arrows and counters, 'Find similar' bars, resize grips, selection, highlights)
   * and without locked placeholders. The on-screen board pauses meanwhile; the page gets a task between tiles.
   * Rejects with RegionRenderCancelled when `isCancelled` turns true (checked between tiles and while waiting).
   */
  renderRegion(request: RegionRenderRequest): Promise<void>;
  /** The card's rectangle on screen (canvas-local), or null for an unknown id. */
  cardScreenRect(cardId: number): Rect | null;
  getStats(): EngineStats;
  /** Draws a frame soon even if nothing changed: a caller waiting on frameDrawn is then told about this moment. */
  requestFrame(): void;
  resetStats(): void;
  inspectCard(cardId: number): CardInspection | null;
  inspectSection(sectionId: number): SectionInspection | null;
  /** Subscribe; returns the unsubscribe function. */
  on<E extends BoardEngineEventName>(event: E, fn: (payload: BoardEngineEvents[E]) => void): () => void;
  destroy(): void;
}
