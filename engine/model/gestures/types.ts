/**
 * The input state machine's vocabulary. Each state is a short module (idle, pressing, dragging-cards, panning,
 * rubber-band, editing-section) that turns pointer input into effects; engine/input feeds it DOM events and
 * the engine applies the effects. Pure: tested in Node.
 */
import type { Point, Rect, Size } from '../../types';
import type { CardPart } from '../card-layout';
import type { SectionPart } from '../section-layout';

export type PointerHit =
  | { kind: 'card'; cardId: number; part: CardPart }
  | { kind: 'section'; sectionId: number; part: SectionPart }
  | { kind: 'empty' };

export type GestureInput =
  | { type: 'down'; screen: Point; button: number; shift: boolean; space: boolean; hit: PointerHit }
  | { type: 'move'; screen: Point }
  | { type: 'up'; screen: Point }
  | { type: 'cancel' };

export type GestureContext = {
  zoom: number;
  dragEnabled: boolean;
  selection: ReadonlySet<number>;
  cardPosition(cardId: number): Point | null;
  section(sectionId: number): { position: Point; size: Size } | null;
  /** The size a section being resized may take on the way to `wanted` without covering its neighbours. */
  clampSectionSize(sectionId: number, start: Rect, wanted: Size): Size;
  screenToWorld(screen: Point): Point;
};

export type GestureEffect =
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'panEnd' }
  | { type: 'tap'; hit: PointerHit; shift: boolean; screen: Point }
  | { type: 'dragStart'; cardIds: number[] }
  | { type: 'dragMove'; cardIds: number[]; positions: Point[] }
  | { type: 'dragEnd'; cardIds: number[]; positions: Point[] }
  | { type: 'dragCancel'; cardIds: number[]; positions: Point[] }
  | { type: 'sectionMove'; sectionId: number; position: Point; done: boolean }
  | { type: 'sectionResize'; sectionId: number; size: Size; done: boolean }
  | { type: 'rubberBand'; rect: Rect | null; done: boolean };

export type GestureState =
  | { name: 'idle' }
  | { name: 'pressing'; start: Point; hit: PointerHit; shift: boolean }
  | { name: 'dragging-cards'; start: Point; cardIds: number[]; origins: Point[]; last: Point }
  | { name: 'panning'; last: Point; factor: number }
  | { name: 'rubber-band'; startWorld: Point; currentWorld: Point }
  | { name: 'moving-section'; start: Point; sectionId: number; origin: Point; last: Point }
  | { name: 'resizing-section'; start: Point; sectionId: number; originSize: Size; last: Point };

export type GestureStep = { state: GestureState; effects: GestureEffect[] };

export const IDLE: GestureState = { name: 'idle' };
