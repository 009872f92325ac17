import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { newPasswordField } from '#shared/schemas/account';
import { humanValidationMessage } from '#shared/validation-messages';
import { resetPassword } from '../data/account.queries';
import { failureText, serverMessageOf } from '../data/failure-text';
import { currentLocale } from '../i18n/i18n';

/**
 * /reset-password/{token}: the link from the "forgot password" mail. Saving the new password ends every session
 * of the account and signs this browser in; the board opens.
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Whether the error line is the server's own sentence (in English or Russian, not the web's catalogues).
  const [serverSaid, setServerSaid] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setServerSaid(false);
    const checked = newPasswordField.safeParse(password);
    if (!checked.success) {
      setError(humanValidationMessage(checked.error, currentLocale()));
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token, password);
      window.location.assign('/');
    } catch (err) {
      setError(failureText(err, t('resetPage.failed')));
      setServerSaid(serverMessageOf(err) !== null);
      setBusy(false);
    }
  }

  return (
    <main className="page-center">
      <div className="panel login-panel">
        <h1>{t('resetPage.title')}</h1>
        <form onSubmit={submit} className="form" aria-label={t('resetPage.title')}>
          <label>
            {t('resetPage.password')}
            <input
              type="password"
              required
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <p className="form-note">{t('resetPage.note')}</p>
          {error && (
            <p role="alert" className="form-error" data-server-message={serverSaid ? '' : undefined}>
              {error}
            </p>
          )}
          <button type="submit" className="btn primary" disabled={busy}>
            {t('resetPage.save')}
          </button>
        </form>
      </div>
    </main>
  );
}
