/**
 * What the scene reads from the rest of the engine each frame, and nothing more: the animation pose of a card,
 * the stacking (dragged and hovered cards on top), the image each card shows, the drop-target section, the
 * rubber band, the selection and the highlighted cards. The engine adapts its interactions and animations to it,
 * so render/ never depends on how gestures or animations work.
 */
import type { StackState } from '../model/hit-test';
import type { Rect } from '../types';
import type { CardPose } from './card-views';

export type SceneState = {
  /** Offset and opacity of a card that is animating at `now`, or null when it rests. */
  pose(cardId: number, now: number): CardPose | null;
  /** Dragged and hovered cards, drawn above the others. */
  stack(): StackState;
  /** Which of a card's images it shows (the gallery's position). */
  imageIndexOf(cardId: number): number;
  /** The section a drag would drop into, drawn highlighted. */
  dropSectionId(): number | null;
  rubberBand(): Rect | null;
  selection(): Iterable<number>;
  highlighted(): readonly number[];
  /** The card with keyboard focus (null: none). */
  focused(): number | null;
  /** Cards someone else just changed, in that person's color; `labelled`: the name is drawn over this one. */
  flashes(now: number): readonly { cardId: number; color: number; label: string; labelled: boolean }[];
};
