import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goToLogin } from '../../data/user.queries';
import type { CurrentUser } from '../../data/wire';
import { FeedbackDialog } from './FeedbackDialog';
import './feedback.css';
import { Icon } from '../icons';

/**
 * The sidebar's feedback link (spec accounts §2) and its dialog. Spec §5: "The user must be known or nothing is
 * sent", so a guest is sent to login instead.
 */
export function FeedbackButton({ user, collapsed }: { user: CurrentUser | null; collapsed: boolean }) {
  const { t } = useTranslation('dialogs');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="side-btn feedback-link"
        title={t('feedback.button')}
        onClick={() => (user ? setOpen(true) : goToLogin())}
      >
        <Icon name="mail" />
        {!collapsed && <span>{t('feedback.button')}</span>}
      </button>
      {open && <FeedbackDialog onClose={() => setOpen(false)} />}
    </>
  );
}
