import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AccountSession } from '#shared/schemas/account';
import { changePasswordBody } from '#shared/schemas/account';
import { humanValidationMessage } from '#shared/validation-messages';
import { useRequireSignIn } from '../components/share/use-require-sign-in';
import { DialogFooter } from '../components/dialogs/DialogFooter';
import { Dialog } from '../components/ui/Dialog';
import {
  ACCOUNT_DATA_URL,
  changePassword,
  deleteAccount,
  endOtherSessions,
  endSession,
  listSessions,
} from '../data/account.queries';
import { ApiError } from '../data/api-client';
import { failureText } from '../data/failure-text';
import { useCurrentUser } from '../data/user.queries';
import { useUserLive } from '../data/use-user-live';
import { currentLocale } from '../i18n/i18n';

/**
 * /account: the user's signed-in sessions (device, when it signed in, when last seen), each with Sign out, and
 * Sign out everywhere else; for a password account, the password change (which signs out every other session);
 * the download of their data, and the account's deletion behind a dialog that asks for the password.
 */
export function AccountPage() {
  const auth = useRequireSignIn();
  const { data: user } = useCurrentUser();
  const live = useUserLive(user?.id);
  const { t } = useTranslation('account');
  const { t: tp } = useTranslation('pages');
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signedIn = auth.status === 'signed-in';

  const load = useCallback(async () => {
    try {
      setSessions((await listSessions()).sessions);
    } catch (err) {
      setError(failureText(err, t('settings.loadFailed')));
    }
  }, [t]);

  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  async function act(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
      await load();
    } catch (err) {
      setError(failureText(err, t('settings.actionFailed')));
    }
  }

  const when = (iso: string) =>
    new Date(iso).toLocaleString(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });

  if (!signedIn) {
    return (
      <main className="page-center">
        <p role="status">{auth.status === 'checking' ? tp('authGate.checking') : tp('authGate.redirecting')}</p>
      </main>
    );
  }
  return (
    <main className="page-center" data-live={live}>
      <div className="panel account-panel">
        <h1>{t('settings.title')}</h1>
        <section aria-label={t('settings.sessionsHeading')} data-testid="sessions">
          <h2>{t('settings.sessionsHeading')}</h2>
          <ul className="session-list">
            {sessions?.map((s) => (
              <li key={s.id} data-testid="session" className="session-row">
                <div>
                  <strong translate="no">{s.device}</strong>
                  {s.current && <span className="session-current"> · {t('settings.current')}</span>}
                  <div className="session-dates">
                    {t('settings.created', { date: when(s.createdAt) })} ·{' '}
                    {t('settings.lastSeen', { date: when(s.lastSeenAt) })}
                  </div>
                </div>
                {!s.current && (
                  <button
                    type="button"
                    className="btn"
                    aria-label={t('settings.signOutLabel', { device: s.device })}
                    onClick={() => void act(() => endSession(s.id))}
                  >
                    {t('settings.signOut')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {sessions && sessions.length > 1 && (
            <button type="button" className="btn" onClick={() => void act(endOtherSessions)}>
              {t('settings.signOutOthers')}
            </button>
          )}
        </section>
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        {user?.hasPassword && <PasswordForm onChanged={load} />}
        <section aria-label={t('settings.dataHeading')}>
          <h2>{t('settings.dataHeading')}</h2>
          <p className="form-note">{t('settings.dataNote')}</p>
          <a className="btn" href={ACCOUNT_DATA_URL} download>
            {t('settings.download')}
          </a>
        </section>
        {user && <DeleteAccount hasPassword={user.hasPassword} />}
        <Link to="/">{t('settings.back')}</Link>
      </div>
    </main>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => Promise<void> }) {
  const { t } = useTranslation('account');
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = changePasswordBody.safeParse({ currentPassword, newPassword });
    if (!checked.success) {
      setMessage({ ok: false, text: humanValidationMessage(checked.error, currentLocale()) });
      return;
    }
    setBusy(true);
    try {
      await changePassword(currentPassword, newPassword);
      setCurrent('');
      setNew('');
      setMessage({ ok: true, text: t('settings.passwordChanged') });
      await onChanged();
    } catch (err) {
      setMessage({ ok: false, text: failureText(err, t('settings.actionFailed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="form" aria-label={t('settings.passwordHeading')}>
      <h2>{t('settings.passwordHeading')}</h2>
      <label>
        {t('settings.currentPassword')}
        <input
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </label>
      <label>
        {t('settings.newPassword')}
        <input
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
        />
      </label>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'form-note' : 'form-error'}>
          {message.text}
        </p>
      )}
      <button type="submit" className="btn primary" disabled={busy}>
        {t('settings.changePassword')}
      </button>
    </form>
  );
}

/**
 * Delete account: a danger button, then a dialog that asks for the password (an OIDC-only account is asked to sign
 * in again instead, and the server accepts a sign-in of the last few minutes). Enter in the field submits; Escape
 * and Cancel close. Once deleted, the browser leaves for the sign-in page: nothing of the account is left to show.
 */
function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(null);
    setNeedsSignIn(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // An empty field sends no password: the server answers that it needs one, in its own words.
      await deleteAccount(hasPassword && password ? password : undefined);
      window.location.assign('/login');
    } catch (err) {
      setNeedsSignIn(err instanceof ApiError && err.code === 'recent_sign_in_required');
      setError(failureText(err, t('settings.deleteFailed')));
      setBusy(false);
    }
  }

  return (
    <section aria-label={t('settings.deleteHeading')} data-testid="delete-account">
      <h2>{t('settings.deleteHeading')}</h2>
      <p className="form-note">{t('settings.deleteNote')}</p>
      <button type="button" className="btn danger" onClick={() => setOpen(true)}>
        {t('settings.deleteAccount')}
      </button>
      {open && (
        <Dialog title={t('settings.deleteTitle')} onClose={close} testId="delete-account-dialog">
          <form onSubmit={(e) => void submit(e)} className="form">
            <p>{t('settings.deleteNote')}</p>
            {hasPassword ? (
              <label>
                {t('settings.deletePasswordLabel')}
                <input
                  type="password"
                  autoComplete="current-password"
                  data-autofocus
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </label>
            ) : (
              <p>{t('settings.deleteOidcNote')}</p>
            )}
            {error && (
              <p role="alert" className="form-error">
                {error}
              </p>
            )}
            {(needsSignIn || !hasPassword) && (
              <a className="btn" href={`/api/login?returnTo=${encodeURIComponent('/account')}`}>
                {t('settings.signInAgain')}
              </a>
            )}
            <DialogFooter
              actions={[
                { label: t('settings.deleteCancel'), onClick: close },
                { label: t('settings.deleteConfirm'), kind: 'danger', submit: true, disabled: busy },
              ]}
            />
          </form>
        </Dialog>
      )}
    </section>
  );
}
