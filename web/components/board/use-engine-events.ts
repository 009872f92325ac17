import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { BoardEngine } from '../../../engine/types';
import { BOARD_SWITCH_DELAY_MS } from '../../../shared/constants';
import { batchCommand } from '../../commands/batch';
import type { Command } from '../../commands/command';
import { execute } from '../../commands/history';
import { moveCardCommand } from '../../commands/move-card';
import { moveSectionCommand, resizeSectionCommand } from '../../commands/section-commands';
import { setCardSectionCommand } from '../../commands/set-card-section';
import { toggleBookmarkCommand } from '../../commands/toggle-bookmark';
import { cardKeys } from '../../data/query-keys';
import type { Card } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { setShownImage } from '../card/gallery-state';
import { startFindSimilar } from './find-similar';
import { organizeBoard } from './organize';

/** Spec §4 "Card drag": the cards are refreshed and the layout reorganised about 300 ms after a drop into a section. */
const REORGANIZE_AFTER_DROP_MS = BOARD_SWITCH_DELAY_MS;

/**
 * Turns the engine's events into store updates and commands (ARCHITECTURE.md: the one bridge). Every change
 * to cards and sections goes through web/commands, so undo and the API see one path.
 */
export function useEngineEvents(engine: BoardEngine | null, boardId: number | null, cards: Card[], onRenameSection: (sectionId: number) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const latest = useRef({ boardId, cards, onRenameSection });
  latest.current = { boardId, cards, onRenameSection };

  useEffect(() => {
    if (!engine) return;
    const store = useAppStore.getState;
    const cardById = (id: number) => latest.current.cards.find((c) => c.id === id);
    const offs = [
      engine.on('cardClick', ({ cardId, shiftKey }) => {
        store().closeContextMenu();
        if (shiftKey) store().toggleSelected(cardId);
        else store().clearSelection();
      }),
      engine.on('cardOpen', ({ cardId, imageIndex }) => store().openViewer(cardId, imageIndex)),
      engine.on('cardHover', (hover) => store().setHoveredCardId(hover?.cardId ?? null)),
      engine.on('cardContextMenu', ({ cardId, screen }) => store().openContextMenu({ cardId, x: screen.x, y: screen.y })),
      engine.on('sectionContextMenu', ({ sectionId, screen }) => store().openSectionMenu({ sectionId, x: screen.x, y: screen.y })),
      engine.on('dragStart', () => {
        store().closeContextMenu();
        store().setHoveredCardId(null);
      }),
      engine.on('dragEnd', ({ cardIds, position, sectionId, moved }) => {
        const commands: Command[] = cardIds.map((id, i) => moveCardCommand(id, moved[i] ?? position));
        // Spec §4: a card released over a different section is reassigned to it.
        const reassigned = sectionId === null ? [] : cardIds.filter((id) => (cardById(id)?.sectionId ?? null) !== sectionId);
        for (const id of reassigned) commands.push(setCardSectionCommand(id, sectionId, 'drag'));
        const label = reassigned.length ? 'Move card to section' : cardIds.length > 1 ? 'Move cards' : 'Move card';
        const board = latest.current.boardId;
        void execute(batchCommand(label, commands), queryClient).then((ok) => {
          if (!ok || reassigned.length === 0 || board === null) return;
          window.setTimeout(async () => {
            await queryClient.invalidateQueries({ queryKey: cardKeys.list(board) });
            await organizeBoard(queryClient, board, { record: false });
          }, REORGANIZE_AFTER_DROP_MS);
        });
      }),
      engine.on('sectionMove', ({ sectionId, position, cardIds, moved }) => {
        const board = latest.current.boardId;
        if (board === null) return;
        // The section's cards travelled with it: one undo step for the section and its cards.
        const commands = [moveSectionCommand(board, sectionId, position), ...cardIds.map((id, i) => moveCardCommand(id, moved[i]))];
        void execute(batchCommand('Move section', commands, { atomic: true }), queryClient);
      }),
      engine.on('sectionResize', ({ sectionId, size }) => {
        const board = latest.current.boardId;
        if (board !== null) void execute(resizeSectionCommand(board, sectionId, size), queryClient);
      }),
      engine.on('sectionTitleClick', ({ sectionId }) => latest.current.onRenameSection(sectionId)),
      engine.on('lockedSectionUpgrade', () => navigate('/billing')),
      engine.on('findSimilar', ({ cardId }) => {
        const card = cardById(cardId);
        if (card) void startFindSimilar(queryClient, card, navigate);
      }),
      engine.on('gameLinkClick', ({ url }) => {
        if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
      }),
      engine.on('galleryChange', ({ cardId, imageIndex }) => setShownImage(cardId, imageIndex)),
      engine.on('bookmarkMarker', ({ cardId }) => void execute(toggleBookmarkCommand(cardId), queryClient)),
      engine.on('viewChange', (view) => store().setViewMirror(view)),
      engine.on('selectRect', ({ cardIds }) => store().setSelection(cardIds)),
      engine.on('backgroundClick', () => {
        store().closeContextMenu();
        store().clearSelection();
        store().setPinnedCardId(null);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [engine, queryClient, navigate]);
}
