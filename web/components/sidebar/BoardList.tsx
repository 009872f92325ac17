import { useState, type KeyboardEvent } from 'react';
import { BOARD_TITLE_MAX } from '#shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteBoardWithUndo } from '../../commands/delete-board';
import { checkBoardDeletable, ownBoards } from '../../data/boards.queries';
import { execute } from '../../commands/history';
import { renameBoardCommand } from '../../commands/rename-board';
import type { Board } from '../../data/wire';
import { boardNameHints } from '../../logic/board-name-hints';
import { useAppStore } from '../../stores/app.store';
import { toast } from '../../stores/toast.store';
import { Icon } from '../icons';
import { LeaveBoardDialog } from '../share/LeaveBoardDialog';

type Props = { boards: Board[]; userId: number; collapsed: boolean };

/**
 * The sidebar's board list (spec board-workspace §2, accounts §4): select, inline rename (Enter confirms, Escape
 * cancels, a blank title is ignored) and delete, offered only when more than one board exists.
 */
export function BoardList({ boards, userId, collapsed }: Props) {
  const currentBoardId = useAppStore((s) => s.currentBoardId);
  const setCurrentBoardId = useAppStore((s) => s.setCurrentBoardId);
  const closeBookmarks = useAppStore((s) => s.closeBookmarks);
  const queryClient = useQueryClient();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [draft, setDraft] = useState('');
  const [leaving, setLeaving] = useState<Board | null>(null);
  const { t, i18n } = useTranslation('team');
  const { t: shellText } = useTranslation('shell');
  const { t: sideText } = useTranslation('sidebar');
  const own = ownBoards(boards).sort((a, b) => b.id - a.id);
  const shared = boards.filter((b) => b.role !== 'owner').sort((a, b) => b.id - a.id);
  // Boards named alike (often after the same query) are told apart by their creation date, per list.
  const ownHints = boardNameHints(own, i18n.language);
  const sharedHints = boardNameHints(shared, i18n.language);

  const startRename = (board: Board) => {
    setEditingId(board.id);
    setDraft(board.title);
  };
  const finishRename = (board: Board) => {
    setEditingId(null);
    const title = draft.trim();
    if (!title || title === board.title) return; // spec §5: a blank title is ignored
    void execute(renameBoardCommand(board.id, board.title, title), queryClient);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>, board: Board) => {
    if (e.key === 'Enter') finishRename(board);
    if (e.key === 'Escape') setEditingId(null);
  };
  const deleteBoard = (id: number) => {
    const check = checkBoardDeletable(id, boards);
    if (!check.ok) {
      toast(check.toast, 'destructive');
      return;
    }
    const board = boards.find((b) => b.id === id);
    if (board) void deleteBoardWithUndo(queryClient, userId, board);
  };

  const open = (board: Board) => {
    closeBookmarks();
    setCurrentBoardId(board.id);
  };

  if (collapsed) return null;
  return (
    <nav aria-label={sideText('boards')} className="board-list">
      <h2 className="sidebar-heading">{sideText('boards')}</h2>
      <ul>
        {own.map((board) => (
          <li
            key={board.id}
            className={board.id === currentBoardId ? 'board-item current' : 'board-item'}
            data-board-id={board.id}
          >
            {editingId === board.id ? (
              <input
                className="board-rename"
                aria-label={sideText('boardTitle')}
                autoFocus
                maxLength={BOARD_TITLE_MAX}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={(e) => onKey(e, board)}
                onBlur={() => setEditingId(null)}
              />
            ) : (
              <button
                type="button"
                className="board-select"
                aria-current={board.id === currentBoardId ? 'true' : undefined}
                onClick={() => open(board)}
                onDoubleClick={() => board.id > 0 && startRename(board)}
                title={board.title}
              >
                <span className="board-title" translate="no">
                  {board.title}
                </span>
                {ownHints.has(board.id) && (
                  <span className="board-meta">{shellText('boardList.created', { date: ownHints.get(board.id) })}</span>
                )}
              </button>
            )}
            {editingId !== board.id && board.id > 0 && (
              <span className="board-actions">
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={sideText('renameLabel', { title: board.title })}
                  title={sideText('rename')}
                  onClick={() => startRename(board)}
                >
                  <Icon name="pencil" size={14} />
                </button>
                {own.length > 1 && (
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={sideText('deleteLabel', { title: board.title })}
                    title={sideText('delete')}
                    onClick={() => deleteBoard(board.id)}
                  >
                    <Icon name="trash" size={14} />
                  </button>
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
      {shared.length > 0 && (
        <section aria-label={t('sidebar.sharedWithMe')} data-testid="shared-boards">
          <h2 className="sidebar-heading">{t('sidebar.sharedWithMe')}</h2>
          <ul>
            {shared.map((board) => (
              <li
                key={board.id}
                className={board.id === currentBoardId ? 'board-item shared current' : 'board-item shared'}
                data-board-id={board.id}
                data-role={board.role}
              >
                <button
                  type="button"
                  className="board-select"
                  aria-current={board.id === currentBoardId ? 'true' : undefined}
                  onClick={() => open(board)}
                  title={board.title}
                >
                  <span className="board-title" translate="no">
                    {board.title}
                  </span>
                  <span className="board-owner">
                    {t('sidebar.ownerLine', { owner: board.owner?.name || board.owner?.email || '' })}
                  </span>
                  {sharedHints.has(board.id) && (
                    <span className="board-meta">
                      {shellText('boardList.created', { date: sharedHints.get(board.id) })}
                    </span>
                  )}
                </button>
                <span className="board-actions">
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={t('sidebar.leaveLabel', { title: board.title })}
                    title={t('sidebar.leave')}
                    onClick={() => setLeaving(board)}
                  >
                    <Icon name="signOut" size={14} />
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {leaving && (
        <LeaveBoardDialog
          board={leaving}
          userId={userId}
          onCancel={() => setLeaving(null)}
          onLeft={() => setLeaving(null)}
        />
      )}
    </nav>
  );
}
