import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withRetryTime } from '#shared/retry-after';
import { resendVerification } from '../../data/account.queries';
import { ApiError } from '../../data/api-client';
import { serverMessageOf } from '../../data/failure-text';
import type { CurrentUser } from '../../data/wire';
import { currentLocale } from '../../i18n/i18n';

/**
 * The sidebar's line for an account whose address is not proven yet: invitations by email wait until it is, and
 * the link can be sent again (the server limits how often; its answer says when to try again).
 */
export function VerifyEmailNotice({ user, collapsed }: { user: CurrentUser; collapsed: boolean }) {
  const { t } = useTranslation('account');
  const [state, setState] = useState<{ busy?: boolean; text?: string; ok?: boolean }>({});
  if (user.emailVerified || collapsed) return null;

  async function resend() {
    setState({ busy: true });
    try {
      await resendVerification();
      setState({ ok: true, text: t('verifyNotice.sent') });
    } catch (err) {
      const message = serverMessageOf(err);
      setState({
        ok: false,
        text: message
          ? withRetryTime(message, err instanceof ApiError ? err.retryAfterSeconds : null, currentLocale())
          : t('verifyNotice.failed'),
      });
    }
  }

  return (
    <section className="verify-notice" data-testid="verify-notice" aria-label={t('verifyPage.title')}>
      <p>{t('verifyNotice.text', { email: user.email })}</p>
      <button type="button" className="btn" disabled={state.busy} onClick={() => void resend()}>
        {t('verifyNotice.resend')}
      </button>
      {state.text && <p role={state.ok ? 'status' : 'alert'}>{state.text}</p>}
    </section>
  );
}
