import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEMO_BOARD_TEXT } from '#shared/messages/large-board';
import { SHELL_TEXT } from '#shared/messages/web';
import { displayName, signOut } from '../../data/user.queries';
import type { CurrentUser } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { DemoBoardDialog } from '../large-board/DemoBoardDialog';
import { isLocalhost } from '../large-board/demo-board-stream';
import { UsageMeter } from './UsageMeter';

/** The user block at the sidebar's foot: name, usage meter and the user menu (Sign out, Billing). */
export function UserBlock({ user, collapsed }: { user: CurrentUser; collapsed: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [demoOpen, setDemoOpen] = useState(false);
  const navigate = useNavigate();
  const setResetDialogOpen = useAppStore((s) => s.setResetDialogOpen);
  const name = displayName(user);
  return (
    <div className="user-block">
      {!collapsed && <UsageMeter user={user} />}
      <button type="button" className="user-button" aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
        {user.profileImageUrl ? <img className="avatar" src={user.profileImageUrl} alt="" /> : <span className="avatar">{name[0]?.toUpperCase()}</span>}
        {!collapsed && <span className="user-name" data-testid="user-name">{name}</span>}
      </button>
      {menuOpen && (
        <div role="menu" className="user-menu" onMouseLeave={() => setMenuOpen(false)}>
          <button role="menuitem" type="button" onClick={() => navigate('/billing')}>
            {SHELL_TEXT.billing}
          </button>
          <button
            role="menuitem"
            type="button"
            onClick={() => {
              setMenuOpen(false);
              setResetDialogOpen(true);
            }}
          >
            {SHELL_TEXT.resetApplication}
          </button>
          {isLocalhost() && (
            <button
              role="menuitem"
              type="button"
              onClick={() => {
                setMenuOpen(false);
                setDemoOpen(true);
              }}
            >
              {DEMO_BOARD_TEXT.menuItem}
            </button>
          )}
          <button role="menuitem" type="button" onClick={() => void signOut()}>
            {SHELL_TEXT.signOut}
          </button>
        </div>
      )}
      {demoOpen && <DemoBoardDialog onClose={() => setDemoOpen(false)} />}
    </div>
  );
}
