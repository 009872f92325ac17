import { commandLabel, commandToast } from '../i18n/command-toasts';
import { knownCard } from './card-cache';
import { actionCommand, type ActionCommand } from './board-action';

/**
 * A card.delete op: 'Card Deleted' on success, 'Deletion Error' on failure (spec §8). Its section closes up on
 * the server in the same change. The undo is a card.restore: the same card comes back (its id, place, section and
 * everyone's bookmarks), never a new one; this screen draws it from the copy it had until the answer is in.
 */
export function deleteCardCommand(cardId: number): ActionCommand {
  const label = commandLabel('deleteCard');
  return actionCommand(label, (queryClient) => {
    const card = knownCard(queryClient, cardId);
    if (!card) return null;
    return {
      label,
      boardId: card.boardId,
      ops: [{ type: 'card.delete', id: cardId }],
      inverse: [{ type: 'card.restore', id: cardId }],
      inverseKnown: new Map([[cardId, card]]),
      success: commandToast('cardDeleted'),
      failure: commandToast('cardDeleteFailed'),
    };
  });
}
