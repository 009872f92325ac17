import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadPlaceholders } from '../components/own-images/UploadPlaceholders';
import { useOwnImageDrop } from '../components/own-images/use-own-image-drop';
import { AiAccuracyNote } from '../components/ai-note/AiAccuracyNote';
import { BoardCanvas } from '../components/board/BoardCanvas';
import { BoardOverlays } from '../components/board/BoardOverlays';
import type { BoardController } from '../components/board/board-controller';
import { BoardControllerContext } from '../components/board/board-controller-context';
import { useAutoLayout } from '../components/board/use-auto-layout';
import { useBoardLive } from '../components/board/use-board-live';
import { useBoardShortcuts } from '../components/board/use-board-shortcuts';
import { useCurrentBoard } from '../components/board/use-current-board';
import { useFocusRequest } from '../components/board/use-focus-request';
import { BookmarksView } from '../components/bookmarks/BookmarksView';
import { CollectionsView } from '../components/collections/CollectionsView';
import { MoveCardDialog } from '../components/dialogs/MoveCardDialog';
import { ResetDialog } from '../components/dialogs/ResetDialog';
import { SectionRenameDialog } from '../components/dialogs/SectionRenameDialog';
import { ExportDialog } from '../components/export/ExportDialog';
import { RatingPopup } from '../components/rating/RatingPopup';
import { SidePanelsContext } from '../components/board/SidePanel';
import { SearchPanel } from '../components/search/SearchPanel';
import { usePostLoginRedirect } from '../components/share/use-post-login-redirect';
import { Sidebar } from '../components/sidebar/Sidebar';
import { ZoomToolbar } from '../components/toolbar/ZoomToolbar';
import { FullscreenViewer } from '../components/viewer/FullscreenViewer';
import { useAuthMessages, useUsageReset } from '../data/account-sync';
import { useBoards } from '../data/boards.queries';
import { boardRoleIn, canEditBoard } from '../data/board-role';
import { useCards } from '../data/cards.queries';
import { useSections } from '../data/sections.queries';
import { useCurrentUser } from '../data/user.queries';
import { useUserLive } from '../data/use-user-live';
import type { Card, Section } from '../data/wire';
import { useAppStore } from '../stores/app.store';

const NO_CARDS: Card[] = [];
const NO_SECTIONS: Section[] = [];

/** The main board screen (/): spec board-workspace §2 "Main board screen", accounts §2 "Main screen". */
export function BoardPage() {
  const { t: tp } = useTranslation('pages');
  const userQuery = useCurrentUser();
  const user = userQuery.data ?? null;
  const boardsQuery = useBoards(user?.id);
  const boards = boardsQuery.data ?? [];
  useCurrentBoard(user?.id, boardsQuery.data);
  useUsageReset(user);
  useAuthMessages();
  usePostLoginRedirect(user);

  const boardId = useAppStore((s) => s.currentBoardId);
  const cardsQuery = useCards(boardId);
  const sectionsQuery = useSections(boardId);
  const cards = cardsQuery.data ?? NO_CARDS;
  const sections = sectionsQuery.data ?? NO_SECTIONS;
  const fullScreenView = useAppStore((s) => s.bookmarksViewOpen || s.collectionsViewOpen);
  const [controller, setController] = useState<BoardController | null>(null);
  const [renamingSectionId, setRenamingSectionId] = useState<number | null>(null);

  // A large board streams in pages (web/data/board-content.ts): drawn from the first, 'loaded' after the last.
  const cardsComplete = cardsQuery.isSuccess && !cardsQuery.isFetching;
  const loaded = cardsComplete && sectionsQuery.isSuccess;
  const hasContent = cards.length > 0 || sections.length > 0;
  // Spec §2: the board content shows only when the board has cards or sections and no full-screen view is open.
  const contentVisible = hasContent && !fullScreenView;
  const listed = boards.find((b) => b.id === boardId);
  const layoutAccess =
    listed && user
      ? { done: listed.autoLayoutDone === 1, mayWrite: listed.userId === user.id || listed.role === 'editor' }
      : null;
  useAutoLayout(boardId, loaded ? { cards: cards.length, sections: sections.length } : null, controller, layoutAccess);
  useBoardLive(boardId);
  // A page showing a board hears the user's news on the board's stream (opened once the board has loaded).
  useUserLive(user?.id, boardId !== null && boardId > 0);
  useBoardShortcuts(controller);
  // After the whole board (and the first auto-layout it may trigger): the card may be in a later page.
  useFocusRequest(controller, boardId, cardsComplete ? cardsQuery.data : undefined);
  const renaming = sections.find((s) => s.id === renamingSectionId);
  const exportOpen = useAppStore((s) => s.exportDialog !== null);
  const boardTitle = boards.find((b) => b.id === boardId)?.title ?? '';
  const [mainElement, setMainElement] = useState<HTMLElement | null>(null);
  const [sidePanels, setSidePanels] = useState<HTMLElement | null>(null);
  // A viewer drops no own images onto the board.
  useOwnImageDrop(user && canEditBoard(boardRoleIn(boards, boardId)) ? mainElement : null, {
    board: controller,
    boardId,
    cards,
    sections,
  });

  if (userQuery.isPending) return <div className="page-center">{tp('loading')}</div>;
  return (
    <BoardControllerContext.Provider value={controller}>
      <SidePanelsContext.Provider value={sidePanels}>
        <div className="board-screen">
          <Sidebar user={user} boards={boards} />
          <main className="board-main" ref={setMainElement}>
            {user ? (
              <>
                <BoardCanvas
                  boardId={boardId}
                  cards={cards}
                  sections={sections}
                  complete={cardsComplete}
                  visible={contentVisible}
                  onController={setController}
                  onRenameSection={setRenamingSectionId}
                />
                {contentVisible && (
                  <BoardOverlays
                    cards={cards}
                    sections={sections}
                    boards={boards}
                    boardId={boardId}
                    onRenameSection={setRenamingSectionId}
                  />
                )}
                {!fullScreenView && <ZoomToolbar boardId={boardId} />}
                {contentVisible && <AiAccuracyNote floating />}
                {!fullScreenView && <UploadPlaceholders />}
                <BookmarksView boards={boards} />
                <CollectionsView user={user} boards={boards} />
                <SearchPanel user={user} boards={boards} />
                <RatingPopup />
                <div className="board-side-panels" ref={setSidePanels} />
              </>
            ) : (
              <SearchPanel user={null} boards={[]} />
            )}
          </main>
          {user && (
            <>
              <MoveCardDialog
                cards={cards}
                sections={sections.filter((s) => !s.locked)}
                boards={boards}
                currentBoardId={boardId}
              />
              <FullscreenViewer cards={cards} />
              <ResetDialog />
              {renaming && <SectionRenameDialog section={renaming} onClose={() => setRenamingSectionId(null)} />}
              {exportOpen && boardId !== null && boardId > 0 && (
                <ExportDialog boardId={boardId} boardTitle={boardTitle} cards={cards} sections={sections} />
              )}
            </>
          )}
        </div>
      </SidePanelsContext.Provider>
    </BoardControllerContext.Provider>
  );
}
