import type { QueryClient } from '@tanstack/react-query';
import type { Point } from '#engine/types';
import type { ToastText } from '#shared/messages/web';
import { commandLabel, commandToast } from '../i18n/command-toasts';
import type { BoardOpInput } from '#shared/schemas/board-ops';
import { cardKeys, sectionKeys } from '../data/query-keys';
import type { Card, Section } from '../data/wire';
import { moveToasts } from '../i18n/toasts';
import { actionCommand, type ActionCommand } from './board-action';

/**
 * Card moves that really move, as intents: whatever changes a card's section — the context menu, the Move dialog,
 * the selection bar, a drop — is one cards.place op ("these cards into that section, near these points"). The
 * server lays out the sections they left and entered from the board as it is when the batch lands (pushing aside
 * what a grown section now covers), in the same change; this screen shows the same outcome at once with the same
 * shared function. The undo puts each card back into the section it came from, near where it was.
 */

/**
 * Which surface asked, because the spec gives each its own feedback (§8): the context menu ('Card added to
 * section' / 'Card unlinked from section', failure 'Failed to update card–section assignment'), a drag
 * ('Card moved', failure logged only) and the move dialog ('Card moved' naming card and destination, failure
 * 'Could not move the card'); the Russian locale says these in the spec's words.
 */
export type SectionChangeSource = 'menu' | 'drag' | 'dialog' | 'selection';

type Snapshot = { cards: Card[]; sections: Section[] };

function snapshot(queryClient: QueryClient, boardId: number): Snapshot {
  return {
    cards: queryClient.getQueryData<Card[]>(cardKeys.list(boardId)) ?? [],
    sections: queryClient.getQueryData<Section[]>(sectionKeys.list(boardId)) ?? [],
  };
}

/** The ops that put cards back into the sections they are in now, each near where it stands now. */
function placeBack(cards: readonly Card[]): BoardOpInput[] {
  const bySection = new Map<number | null, Card[]>();
  for (const c of cards) {
    const key = c.sectionId ?? null;
    bySection.set(key, [...(bySection.get(key) ?? []), c]);
  }
  return [...bySection].map(([sectionId, group]) => ({
    type: 'cards.place' as const,
    ids: group.map((c) => c.id),
    sectionId,
    at: group.map((c) => c.position),
  }));
}

function sectionTitle(s: Snapshot, sectionId: number | null): string {
  if (sectionId === null) return moveToasts.noSection();
  return s.sections.find((x) => x.id === sectionId)?.title ?? `#${sectionId}`;
}

function feedback(
  s: Snapshot,
  moved: readonly Card[],
  sectionId: number | null,
  source: SectionChangeSource,
): { success?: ToastText; failure?: ToastText } {
  const title = sectionTitle(s, sectionId);
  const failure =
    source === 'drag' ? undefined : source === 'menu' ? commandToast('sectionAssignFailed') : moveToasts.failed();
  if (source === 'menu')
    return {
      success: commandToast(sectionId === null ? 'cardUnlinked' : 'cardAddedToSection', { section: title }),
      failure,
    };
  if (source === 'drag') return { success: moveToasts.moved() };
  if (source === 'dialog' && moved[0]) return { success: moveToasts.movedTo(moved[0].title, title), failure };
  return { failure };
}

/** Sets the cards' section (null: none); the board is laid out around the change in the same batch. */
export function moveCardsToSectionCommand(
  _queryClient: QueryClient,
  boardId: number,
  cardIds: number[],
  sectionId: number | null,
  source: SectionChangeSource,
  label = commandLabel(sectionId === null ? 'unlinkCard' : 'moveCardToSection'),
): ActionCommand {
  return actionCommand(label, (queryClient) => {
    const snap = snapshot(queryClient, boardId);
    const wanted = new Set(cardIds);
    const moving = snap.cards.filter((c) => wanted.has(c.id) && (c.sectionId ?? null) !== sectionId);
    if (moving.length === 0) return null;
    return {
      label,
      boardId,
      ops: [{ type: 'cards.place', ids: moving.map((c) => c.id), sectionId }],
      inverse: placeBack(moving),
      ...feedback(snap, moving, sectionId, source),
    };
  });
}

/**
 * A drop from the board: over a section, the cards join it (or stay in it) in the slots nearest to where they were
 * dropped; elsewhere, each card goes to the nearest free spot. One cards.place op.
 */
export function dropCardsCommand(
  _queryClient: QueryClient,
  boardId: number,
  cardIds: number[],
  dropped: Point[],
  sectionId: number | null,
): ActionCommand {
  const label = commandLabel(cardIds.length > 1 ? 'moveCards' : 'moveCard');
  return actionCommand(label, (queryClient) => {
    const snap = snapshot(queryClient, boardId);
    const byId = new Map(snap.cards.map((c) => [c.id, c]));
    const dragged = cardIds.filter((id) => byId.has(id));
    if (dragged.length === 0) return null;
    const draggedCards = dragged.map((id) => byId.get(id)!);
    const reassigned = draggedCards.some((c) => (c.sectionId ?? null) !== sectionId);
    return {
      label: reassigned && sectionId !== null ? commandLabel('moveCardToSection') : label,
      boardId,
      ops: [
        {
          type: 'cards.place',
          ids: dragged,
          sectionId,
          at: dragged.map((id) => dropped[cardIds.indexOf(id)] ?? dropped[0]),
        },
      ],
      inverse: placeBack(draggedCards),
      ...(reassigned ? feedback(snap, draggedCards, sectionId, 'drag') : {}),
      // A drop on the canvas that the server refuses says so (spec §8); a drop into a section is only logged.
      ...(sectionId === null ? { failure: commandToast('cardPositionFailed') } : {}),
    };
  });
}

/**
 * A section dragged by its header, with its cards: one section.move intent; the server moves its cards with it and
 * pushes aside what it now covers, from the latest state. The undo moves it back the same way.
 */
export function moveSectionWithCardsCommand(
  _queryClient: QueryClient,
  boardId: number,
  sectionId: number,
  position: Point,
): ActionCommand {
  const label = commandLabel('moveSection');
  return actionCommand(label, (queryClient) => {
    const section = snapshot(queryClient, boardId).sections.find((s) => s.id === sectionId);
    if (!section) return null;
    return {
      label,
      boardId,
      ops: [{ type: 'section.move', id: sectionId, position: { x: position.x, y: position.y }, withCards: true }],
      inverse: [{ type: 'section.move', id: sectionId, position: section.position, withCards: true }],
      failure: commandToast('sectionPositionFailed'),
    };
  });
}
