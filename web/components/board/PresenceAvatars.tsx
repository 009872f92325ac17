import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { personColor, personInitials } from '#shared/presence';
import { boardSessions } from '../../data/query-client';
import { useCurrentUser } from '../../data/user.queries';
import { cardDeletedByToast } from '../../i18n/toasts';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { useBoardController } from './board-controller-context';

/**
 * Team boards ("Presence" and "Conflicts"): round avatars (initials, each person's color) of who has the
 * board open now, shown once someone besides this user is there; and what another person's change does to this
 * screen: its cards flash in that person's color with their name, and a drag of a card they deleted ends with a
 * toast naming them.
 */
export function PresenceAvatars() {
  const { t } = useTranslation('board');
  const people = useAppStore((s) => s.presence);
  const me = useCurrentUser().data?.id;
  useOthersChanges(me);
  if (me === undefined || !people.some((p) => p.userId !== me)) return null;
  return (
    <div className="presence-avatars" role="list" aria-label={t('presence.label')} data-testid="presence-avatars">
      {people.map((person) => {
        const label = person.userId === me ? t('presence.you', { name: person.name }) : person.name;
        return (
          <span
            key={person.userId}
            role="listitem"
            className="presence-avatar"
            title={label}
            aria-label={label}
            data-user-id={person.userId}
            data-me={person.userId === me ? '' : undefined}
            style={{ background: personColor(person.userId) }}
          >
            {personInitials(person.name)}
          </span>
        );
      })}
    </div>
  );
}

/** Flashes the cards of another person's changes; ends this user's drag of a card they deleted, naming them. */
function useOthersChanges(me: number | undefined) {
  const board = useBoardController();
  const sessions = boardSessions(useQueryClient());
  const meRef = useRef(me);
  meRef.current = me;
  useEffect(() => {
    if (!board) return;
    return sessions.onOtherScreensChange((change) => {
      const author = change.author;
      if (!author || meRef.current === undefined || author.userId === meRef.current) return;
      if (change.boardId !== useAppStore.getState().currentBoardId) return;
      const dragging = board.draggingCardIds();
      if (dragging.length > 0 && change.removedCardIds.some((id) => dragging.includes(id))) {
        board.cancelDrag();
        toast(cardDeletedByToast(author.name), 'info');
      }
      const cardIds = change.cards.map((row) => row[0]);
      if (cardIds.length > 0) board.flash(cardIds, { color: personColor(author.userId), label: author.name });
    });
  }, [board, sessions]);
}
