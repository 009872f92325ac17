import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_OPEN } from '#shared/constants';
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
  const { t } = useTranslation('sidebar');
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
      aria-label={t('label')}
      data-testid="sidebar"
    >
      <div className="sidebar-top">
        <button
          type="button"
          className="icon-btn"
          aria-label={t('toggle')}
          aria-expanded={open}
          onClick={toggleSidebar}
        >
          <Icon name="menu" size={18} />
        </button>
        {!collapsed && (
          <span className="brand" translate="no">
            Loot
          </span>
        )}
      </div>
      <div className="sidebar-actions">
        <button
          type="button"
          className="side-btn primary"
          title={t('newBoard')}
          onClick={requireUser(() => user && void createBoardOptimistic(queryClient, user.id, ''))}
        >
          <Icon name="plus" />
          {!collapsed && <span>{t('newBoard')}</span>}
        </button>
        <button type="button" className="side-btn" title={t('bookmarks')} onClick={requireUser(openBookmarks)}>
          <Icon name="star" />
          {!collapsed && <span>{t('bookmarks')}</span>}
          {newBookmarks > 0 && (
            <span className="badge" data-testid="new-bookmarks" aria-label={t('newBookmarks', { count: newBookmarks })}>
              {newBookmarks}
            </span>
          )}
        </button>
        <button
          type="button"
          className="side-btn"
          title={t('collections')}
          onClick={requireUser(() => navigate('/collections'), '/collections')}
        >
          <Icon name="grid" />
          {!collapsed && <span>{t('collections')}</span>}
          {!collapsed && <CollectionsNewBadge />}
        </button>
        <button
          type="button"
          className="side-btn"
          title={t('featureSearch')}
          onClick={requireUser(() => navigate('/feature-search'), '/feature-search')}
        >
          <Icon name="search" />
          {!collapsed && <span>{t('featureSearch')}</span>}
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
            aria-label={collapsed ? t('signIn') : undefined}
            onClick={signIn}
          >
            {collapsed ? <Icon name="signIn" /> : t('signIn')}
          </button>
        )}
      </div>
    </aside>
  );
}
