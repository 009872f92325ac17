import { useQueryClient } from '@tanstack/react-query';
import { currentBoardCanEdit } from '../../data/board-role';
import { upgradeFromLockedSection } from '../../data/team-plan';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BoardController } from './board-controller';
import { execute } from '../../commands/history';
import { resizeSectionCommand } from '../../commands/section-commands';
import { dropCardsCommand, moveSectionWithCardsCommand } from '../../commands/section-moves';
import { toggleBookmarkCommand } from '../../commands/toggle-bookmark';
import type { Card } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { startFindSimilar } from '../../flows/find-similar';
import { showRefusedDrop } from './refused-drop';

/**
 * Turns the engine's events into store updates and commands (ARCHITECTURE.md: the one bridge). Every change
 * to cards and sections goes through web/commands, so undo and the API see one path.
 */
export function useEngineEvents(
  controller: BoardController | null,
  boardId: number | null,
  cards: Card[],
  onRenameSection: (sectionId: number) => void,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const latest = useRef({ boardId, cards, onRenameSection });
  latest.current = { boardId, cards, onRenameSection };

  useEffect(() => {
    if (!controller) return;
    const store = useAppStore.getState;
    const cardById = (id: number) => latest.current.cards.find((c) => c.id === id);
    const offs = [
      controller.on('cardClick', ({ cardId, shiftKey }) => {
        store().closeContextMenu();
        if (shiftKey) store().toggleSelected(cardId);
        else store().clearSelection();
      }),
      controller.on('cardOpen', ({ cardId, imageIndex }) => store().openViewer(cardId, imageIndex)),
      controller.on('cardHover', (hover) => store().setHoveredCardId(hover?.cardId ?? null)),
      // A card's menu only writes (its section): none on a viewer's read-only board.
      controller.on(
        'cardContextMenu',
        ({ cardId, screen }) =>
          currentBoardCanEdit(queryClient) && store().openContextMenu({ cardId, x: screen.x, y: screen.y }),
      ),
      controller.on('sectionContextMenu', ({ sectionId, screen }) =>
        store().openContextMenu({ sectionId, x: screen.x, y: screen.y }),
      ),
      controller.on('dragStart', () => {
        store().closeContextMenu();
        store().setHoveredCardId(null);
      }),
      controller.on('dragEnd', ({ cardIds, position, sectionId, moved }) => {
        const board = latest.current.boardId;
        if (board === null) return;
        // Spec §4: a card released over a different section is reassigned to it, and the sections it left
        // and entered are laid out again at once, and a drop elsewhere goes to the nearest free spot.
        const dropped = cardIds.map((_, i) => moved[i] ?? position);
        void execute(dropCardsCommand(queryClient, board, cardIds, dropped, sectionId), queryClient).then(
          // A loose card's failed save already shows the spec's message; a drop into a section says nothing itself.
          (saved) => {
            if (!saved) void showRefusedDrop(queryClient, controller, board, cardIds, sectionId === null);
          },
        );
      }),
      controller.on('sectionMove', ({ sectionId, position }) => {
        const board = latest.current.boardId;
        if (board === null) return;
        // The section's cards travelled with it: one intent, one batch and one undo step for the section and its cards.
        void execute(moveSectionWithCardsCommand(queryClient, board, sectionId, position), queryClient);
      }),
      controller.on('sectionResize', ({ sectionId, size }) => {
        const board = latest.current.boardId;
        if (board !== null) void execute(resizeSectionCommand(board, sectionId, size), queryClient);
      }),
      controller.on(
        'sectionTitleClick',
        ({ sectionId }) => currentBoardCanEdit(queryClient) && latest.current.onRenameSection(sectionId),
      ),
      controller.on('lockedSectionUpgrade', () =>
        upgradeFromLockedSection(queryClient, () => void navigate('/billing')),
      ),
      controller.on('findSimilar', ({ cardId }) => {
        const card = cardById(cardId);
        if (card && currentBoardCanEdit(queryClient)) void startFindSimilar(queryClient, card, navigate);
      }),
      controller.on('gameLinkClick', ({ url }) => {
        if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
      }),
      controller.on('galleryChange', ({ cardId, imageIndex }) => store().setShownImage(cardId, imageIndex)),
      controller.on('bookmarkMarker', ({ cardId }) => void execute(toggleBookmarkCommand(cardId), queryClient)),
      controller.on('viewChange', (view) => store().setViewMirror(view)),
      controller.on('selectRect', ({ cardIds }) => store().setSelection(cardIds)),
      controller.on('backgroundClick', () => {
        store().closeContextMenu();
        store().clearSelection();
        store().setPinnedCardId(null);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [controller, queryClient, navigate]);
}
