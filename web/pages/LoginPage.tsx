import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { withRetryTime } from '#shared/retry-after';
import { forgotPasswordBody } from '#shared/schemas/account';
import { loginBody, registerBody } from '#shared/schemas/auth';
import { humanValidationMessage } from '#shared/validation-messages';
import { requestPasswordReset } from '../data/account.queries';
import { ApiError } from '../data/api-client';
import { serverMessageOf } from '../data/failure-text';
import { userKeys } from '../data/query-keys';
import { isLocalHost, signInWithPassword } from '../data/user.queries';
import { safeReturnTo } from '../logic/return-to';
import { InvitationNote } from '../components/share/InvitationNote';
import { invitationCode } from '#shared/schemas/board-members';
import { currentLocale } from '../i18n/i18n';

type Mode = 'signIn' | 'signUp' | 'forgot';

/**
 * /login: sign-in and sign-up forms over POST /api/auth/login and /api/auth/register, then back to ?returnTo=
 * (same-site relative paths only). On localhost the page is where sign-in starts, and it offers both ways in:
 * 'Continue as dev user' (through /api/dev-login) above the email and password forms.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  // Signing in on the way to an invitation link: the page names the board and who invites.
  const inviteCode = /^\/invite\/([^/?#]+)$/.exec(returnTo)?.[1];
  const invitation = inviteCode && invitationCode.safeParse(inviteCode).success ? inviteCode : null;
  const queryClient = useQueryClient();
  const { t } = useTranslation('account');
  const { t: tp } = useTranslation('pages');
  // An invitation mailed to an address with no account links here with ?mode=signUp&email=… filled in.
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signUp' ? 'signUp' : 'signIn');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [notice, setNotice] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (mode === 'forgot') return void askForReset();
    const body =
      mode === 'signIn'
        ? { email, password }
        : { email, password, ...(firstName.trim() ? { firstName: firstName.trim() } : {}) };
    // The server's own schema, checked here first, so the form says what to fix in words, without a round trip.
    const checked = (mode === 'signIn' ? loginBody : registerBody).safeParse(body);
    if (!checked.success) {
      setError(humanValidationMessage(checked.error, currentLocale()));
      return;
    }
    setBusy(true);
    try {
      await signInWithPassword(mode, body);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      window.location.assign(returnTo);
    } catch (err) {
      // The API's messages are written for people, a limit's told when to try again (Retry-After); anything else
      // (a network failure) gets the form's own line.
      const message = serverMessageOf(err);
      setError(
        message
          ? withRetryTime(message, err instanceof ApiError ? err.retryAfterSeconds : null, currentLocale())
          : tp('login.failed'),
      );
      setBusy(false);
    }
  }

  /** The answer is the same for every address (the server's sentence), so the page shows it as it comes. */
  async function askForReset() {
    const checked = forgotPasswordBody.safeParse({ email });
    if (!checked.success) {
      setError(humanValidationMessage(checked.error, currentLocale()));
      return;
    }
    setBusy(true);
    try {
      setNotice((await requestPasswordReset(checked.data.email)).message);
    } catch (err) {
      const message = serverMessageOf(err);
      setError(
        message
          ? withRetryTime(message, err instanceof ApiError ? err.retryAfterSeconds : null, currentLocale())
          : t('forgot.failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  if (mode === 'forgot') {
    return (
      <main className="page-center">
        <div className="panel login-panel">
          <h1>{t('forgot.title')}</h1>
          <form onSubmit={submit} className="form" aria-label={t('forgot.title')}>
            <p>{t('forgot.intro')}</p>
            <label>
              {tp('login.email')}
              <input
                type="email"
                required
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </label>
            {error && (
              <p role="alert" className="form-error">
                {error}
              </p>
            )}
            {notice && (
              <p role="status" className="form-note" data-testid="forgot-answer">
                {notice}
              </p>
            )}
            <button type="submit" className="btn primary" disabled={busy}>
              {t('forgot.send')}
            </button>
            <button
              type="button"
              className="btn link"
              onClick={() => {
                setMode('signIn');
                setError(null);
                setNotice(null);
              }}
            >
              {t('forgot.back')}
            </button>
          </form>
        </div>
      </main>
    );
  }

  const devLogin = isLocalHost(window.location.hostname);
  return (
    <main className="page-center">
      <div className="panel login-panel">
        {invitation && <InvitationNote code={invitation} signUp={mode === 'signUp'} />}
        {devLogin && (
          <div className="dev-login-block">
            <p className="dev-login-hint">{tp('login.devLoginHint')}</p>
            <a className="btn dev-login" href={`/api/dev-login?returnTo=${encodeURIComponent(returnTo)}`}>
              {tp('login.devLogin')}
            </a>
            <p className="login-or">{tp('login.orWithEmail')}</p>
          </div>
        )}
        <div className="tabs" role="tablist">
          <button
            role="tab"
            aria-selected={mode === 'signIn'}
            className={mode === 'signIn' ? 'tab active' : 'tab'}
            onClick={() => setMode('signIn')}
          >
            {tp('login.signInHeading')}
          </button>
          <button
            role="tab"
            aria-selected={mode === 'signUp'}
            className={mode === 'signUp' ? 'tab active' : 'tab'}
            onClick={() => setMode('signUp')}
          >
            {tp('login.signUpHeading')}
          </button>
        </div>
        <form
          onSubmit={submit}
          className="form"
          aria-label={mode === 'signIn' ? tp('login.signInHeading') : tp('login.signUpHeading')}
        >
          <label>
            {tp('login.email')}
            <input
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <label>
            {tp('login.password')}
            <input
              type="password"
              required
              autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          {mode === 'signUp' && (
            <label>
              {tp('login.firstName')}
              <input
                type="text"
                autoComplete="given-name"
                value={firstName}
                onChange={(e) => setFirstName(e.target.value)}
              />
            </label>
          )}
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn primary" disabled={busy}>
            {mode === 'signIn' ? tp('login.signInButton') : tp('login.signUpButton')}
          </button>
          {mode === 'signIn' && (
            <button
              type="button"
              className="btn link"
              onClick={() => {
                setMode('forgot');
                setError(null);
              }}
            >
              {t('forgot.link')}
            </button>
          )}
        </form>
      </div>
    </main>
  );
}
