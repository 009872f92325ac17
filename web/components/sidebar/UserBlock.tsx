import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LOCALE_NAMES, LOCALES } from '#shared/locale';
import { displayName, signOut } from '../../data/user.queries';
import type { CurrentUser } from '../../data/wire';
import { useAppStore } from '../../stores/app.store';
import { DemoBoardDialog } from '../large-board/DemoBoardDialog';
import { isLocalhost } from '../large-board/demo-board-stream';
import { currentLocale } from '../../i18n/i18n';
import { useChooseLanguage } from '../../i18n/user-language';
import { MenuButton, type MenuItem } from '../ui/MenuButton';
import { UsageMeter } from './UsageMeter';

/** The user block at the sidebar's foot: name, usage meter and the user menu (Billing, Reset, Sign out, Language). */
export function UserBlock({ user, collapsed }: { user: CurrentUser; collapsed: boolean }) {
  const [demoOpen, setDemoOpen] = useState(false);
  const navigate = useNavigate();
  const setResetDialogOpen = useAppStore((s) => s.setResetDialogOpen);
  const { t } = useTranslation('shell');
  const { t: tAccount } = useTranslation('account');
  const { t: tSidebar } = useTranslation('sidebar');
  const chooseLanguage = useChooseLanguage();
  const name = displayName(user);
  const locale = currentLocale();
  const items: MenuItem[] = [
    { label: tSidebar('menu.billing'), onSelect: () => void navigate('/billing') },
    { label: tAccount('settings.menuItem'), onSelect: () => void navigate('/account') },
    { label: tSidebar('menu.resetApplication'), onSelect: () => setResetDialogOpen(true) },
    ...(isLocalhost() ? [{ label: tSidebar('menu.demoBoard'), onSelect: () => setDemoOpen(true) }] : []),
    // Each language named in itself, so a user who cannot read the current one still finds theirs.
    ...LOCALES.map((l) => ({
      label: LOCALE_NAMES[l],
      lang: l,
      group: t('language.label'),
      checked: l === locale,
      onSelect: () => void chooseLanguage(l),
    })),
    { label: tSidebar('menu.signOut'), onSelect: () => void signOut() },
  ];
  return (
    <div className="user-block">
      {!collapsed && <UsageMeter user={user} />}
      {/* Collapsed, the button shows only the avatar: the name stays its accessible name. */}
      <MenuButton items={items} className="user-button" label={collapsed ? name : undefined}>
        {user.profileImageUrl ? (
          <img className="avatar" src={user.profileImageUrl} alt="" />
        ) : (
          <span className="avatar" aria-hidden translate="no">
            {name[0]?.toUpperCase()}
          </span>
        )}
        {!collapsed && (
          <span className="user-name" data-testid="user-name" translate="no">
            {name}
          </span>
        )}
      </MenuButton>
      {demoOpen && <DemoBoardDialog onClose={() => setDemoOpen(false)} />}
    </div>
  );
}
