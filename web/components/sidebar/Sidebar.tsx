import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_OPEN } from '#shared/constants';
import { SHELL_TEXT } from '#shared/messages/web';
import { createBoardOptimistic } from '../../data/boards.queries';
import { goToLogin } from '../../data/user.queries';
import type { Board, CurrentUser } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { Icon } from '../icons';
import { CollectionsNewBadge, FeatureSearchNewBadge } from '../collections/NewBadges';
import { FeedbackButton } from '../feedback/FeedbackButton';
import { BoardList } from './BoardList';
import { VerifyEmailNotice } from '../account/VerifyEmailNotice';
import { InvitationList } from './InvitationList';
import { UserBlock } from './UserBlock';

type Props = { user: CurrentUser | null; boards: Board[] };

/**
 * The left sidebar (spec board-workspace §2, accounts §2): 240 px open, 60 px collapsed. New Board, Bookmarks
 * with the new-bookmarks counter, Collections, Feature Search, the board list, and the user block (or Sign in).
 */
export function Sidebar({ user, boards }: Props) {
  const open = useAppStore((s) => s.sidebarOpen);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const openBookmarks = useAppStore((s) => s.openBookmarks);
  const newBookmarks = useAppStore((s) => s.newBookmarksCount);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const collapsed = !open;
  const signIn = () => goToLogin();
  // Spec accounts §6: a guest opening these is sent to login, and comes back to where they were going.
  const requireUser = (action: () => void, returnTo?: string) => () => (user ? action() : goToLogin(returnTo));

  return (
    <aside
      className={collapsed ? 'sidebar collapsed' : 'sidebar'}
      style={{ width: collapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_OPEN }}
      aria-label="Sidebar"
      data-testid="sidebar"
    >
      <div className="sidebar-top">
        <button
          type="button"
          className="icon-btn"
          aria-label={SHELL_TEXT.toggleSidebar}
          aria-expanded={open}
          onClick={toggleSidebar}
        >
          <Icon name="menu" size={18} />
        </button>
        {!collapsed && <span className="brand">Loot</span>}
      </div>
      <div className="sidebar-actions">
        <button
          type="button"
          className="side-btn primary"
          title={SHELL_TEXT.newBoard}
          onClick={requireUser(() => user && void createBoardOptimistic(queryClient, user.id, ''))}
        >
          <Icon name="plus" />
          {!collapsed && <span>{SHELL_TEXT.newBoard}</span>}
        </button>
        <button type="button" className="side-btn" title={SHELL_TEXT.bookmarks} onClick={requireUser(openBookmarks)}>
          <Icon name="star" />
          {!collapsed && <span>{SHELL_TEXT.bookmarks}</span>}
          {newBookmarks > 0 && (
            <span className="badge" data-testid="new-bookmarks" aria-label={`${newBookmarks} new bookmarks`}>
              {newBookmarks}
            </span>
          )}
        </button>
        <button
          type="button"
          className="side-btn"
          title={SHELL_TEXT.collections}
          onClick={requireUser(() => navigate('/collections'), '/collections')}
        >
          <Icon name="grid" />
          {!collapsed && <span>{SHELL_TEXT.collections}</span>}
          {!collapsed && <CollectionsNewBadge />}
        </button>
        <button
          type="button"
          className="side-btn"
          title={SHELL_TEXT.featureSearch}
          onClick={requireUser(() => navigate('/feature-search'), '/feature-search')}
        >
          <Icon name="search" />
          {!collapsed && <span>{SHELL_TEXT.featureSearch}</span>}
          {!collapsed && <FeatureSearchNewBadge />}
        </button>
        <FeedbackButton user={user} collapsed={collapsed} />
      </div>
      <div className="sidebar-boards">
        {user && <VerifyEmailNotice user={user} collapsed={collapsed} />}
        {user && <InvitationList collapsed={collapsed} />}
        {user && <BoardList boards={boards} userId={user.id} collapsed={collapsed} />}
      </div>
      <div className="sidebar-foot">
        {user ? (
          <UserBlock user={user} collapsed={collapsed} />
        ) : (
          <button
            type="button"
            className="btn primary sign-in"
            aria-label={collapsed ? SHELL_TEXT.signIn : undefined}
            onClick={signIn}
          >
            {collapsed ? <Icon name="signIn" /> : SHELL_TEXT.signIn}
          </button>
        )}
      </div>
    </aside>
  );
}
