import { MOVE_DIALOG_TEXT } from '#shared/messages/web';

export type MoveMode = 'section' | 'board';

export type MoveDialogChoices = {
  mode: MoveMode;
  cardId: number | null;
  /** In section mode: 0 means 'Без секции'; null means nothing chosen yet. */
  sectionId: number | null;
  boardId: number | null;
};

export type MoveDialogWorld = {
  currentBoardId: number | null;
  cards: readonly { id: number; sectionId: number | null; boardId: number }[];
  sectionIds: readonly number[];
  boardIds: readonly number[];
};

/** The first missing choice, with the spec's message (§5); null when the Move button may be pressed. */
export function missingChoice(c: MoveDialogChoices): string | null {
  if (c.cardId === null) return MOVE_DIALOG_TEXT.chooseCard;
  if (c.mode === 'section' && c.sectionId === null) return MOVE_DIALOG_TEXT.chooseSection;
  if (c.mode === 'board' && c.boardId === null) return MOVE_DIALOG_TEXT.chooseBoard;
  return null;
}

export type MovePlan =
  | { kind: 'invalid'; message: string }
  | { kind: 'already'; message: string }
  | { kind: 'section'; cardId: number; sectionId: number | null }
  | { kind: 'board'; cardId: number; boardId: number };

/**
 * What pressing Move does (spec §5): the choices must exist ('... не найдена'), a card already in the chosen
 * section or on the chosen board gives the 'Информация' notice and no call; otherwise the move to make.
 */
export function planMove(c: MoveDialogChoices, world: MoveDialogWorld): MovePlan {
  const missing = missingChoice(c);
  if (missing) return { kind: 'invalid', message: missing };
  const card = world.cards.find((x) => x.id === c.cardId);
  if (!card) return { kind: 'invalid', message: MOVE_DIALOG_TEXT.cardNotFound };
  if (c.mode === 'section') {
    const target = c.sectionId === 0 ? null : c.sectionId!;
    if (target !== null && !world.sectionIds.includes(target)) return { kind: 'invalid', message: MOVE_DIALOG_TEXT.sectionNotFound };
    if ((card.sectionId ?? null) === target) return { kind: 'already', message: MOVE_DIALOG_TEXT.alreadyInSection };
    return { kind: 'section', cardId: card.id, sectionId: target };
  }
  if (!world.boardIds.includes(c.boardId!)) return { kind: 'invalid', message: MOVE_DIALOG_TEXT.boardNotFound };
  if (card.boardId === c.boardId) return { kind: 'already', message: MOVE_DIALOG_TEXT.alreadyOnBoard };
  return { kind: 'board', cardId: card.id, boardId: c.boardId! };
}
