import type { board } from '#shared/messages/catalogues/en/board';

/** A message of the Move dialog, as its key in the `board` catalogue's moveDialog (the dialog shows it translated). */
export type MoveMessage = keyof typeof board.moveDialog;

export type MoveMode = 'section' | 'board';

export type MoveDialogChoices = {
  mode: MoveMode;
  cardId: number | null;
  /** In section mode: 0 means 'No section'; null means nothing chosen yet. */
  sectionId: number | null;
  boardId: number | null;
};

export type MoveDialogWorld = {
  currentBoardId: number | null;
  cards: readonly { id: number; sectionId: number | null; boardId: number }[];
  sectionIds: readonly number[];
  boardIds: readonly number[];
};

/** The first missing choice, as the spec's message (§5); null when a move can be planned. */
export function missingChoice(c: MoveDialogChoices): MoveMessage | null {
  if (c.cardId === null) return 'chooseCard';
  if (c.mode === 'section' && c.sectionId === null) return 'chooseSection';
  if (c.mode === 'board' && c.boardId === null) return 'chooseBoard';
  return null;
}

export type MovePlan =
  | { kind: 'invalid'; message: MoveMessage }
  | { kind: 'already'; message: MoveMessage }
  | { kind: 'section'; cardId: number; sectionId: number | null }
  | { kind: 'board'; cardId: number; boardId: number };

/**
 * What pressing Move does (spec §5): the choices must exist ('… not found'), a card already in the chosen
 * section or on the chosen board gives the 'Information' notice and no call; otherwise the move to make.
 */
export function planMove(c: MoveDialogChoices, world: MoveDialogWorld): MovePlan {
  const missing = missingChoice(c);
  if (missing) return { kind: 'invalid', message: missing };
  const card = world.cards.find((x) => x.id === c.cardId);
  if (!card) return { kind: 'invalid', message: 'cardNotFound' };
  if (c.mode === 'section') {
    const target = c.sectionId === 0 ? null : c.sectionId!;
    if (target !== null && !world.sectionIds.includes(target)) return { kind: 'invalid', message: 'sectionNotFound' };
    if ((card.sectionId ?? null) === target) return { kind: 'already', message: 'alreadyInSection' };
    return { kind: 'section', cardId: card.id, sectionId: target };
  }
  if (!world.boardIds.includes(c.boardId!)) return { kind: 'invalid', message: 'boardNotFound' };
  if (card.boardId === c.boardId) return { kind: 'already', message: 'alreadyOnBoard' };
  return { kind: 'board', cardId: card.id, boardId: c.boardId! };
}
