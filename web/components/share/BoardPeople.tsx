import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INVITATION_USES_MAX,
  type BoardRole,
  type MemberRole,
  type PendingInvitation,
} from '#shared/schemas/board-members';
import { failureText } from '../../data/failure-text';
import {
  changeRole,
  createInvitationLink,
  inviteByEmail,
  removeMember,
  revokeInvitation,
  useMembers,
} from '../../data/members.queries';
import { copyShareLink } from '../../flows/share-board';
import { DialogFooter } from '../dialogs/DialogFooter';
import { Dialog } from '../ui/Dialog';

type Props = { boardId: number; userId: number; isOwner: boolean };

const MEMBER_ROLES: readonly MemberRole[] = ['editor', 'viewer'];

/** The role select of the people section (editor or viewer). */
function RoleSelect({
  value,
  label,
  onChange,
  disabled,
}: {
  value: MemberRole;
  label: string;
  onChange: (role: MemberRole) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('team');
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as MemberRole)}
    >
      {MEMBER_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`people.${role}`)}
        </option>
      ))}
    </select>
  );
}

/**
 * The share dialog's "People on this board": the board's members with their roles; for the owner, a role select
 * and Remove from board on each member (asked first, in a dialog over this one), the pending email invitations
 * (withdraw), Invite by email, and invitation links (create with a role and optional uses, copy, turn off). A member
 * sees the people read-only. Every failure shows the server's own message here (a plan's member limit, an unknown
 * link).
 */
export function BoardPeople({ boardId, userId, isOwner }: Props) {
  const { t, i18n } = useTranslation('team');
  // A link's end date as the reader's language writes a date ("8 дек. 2026 г.", "Dec 8, 2026").
  const linkDate = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const queryClient = useQueryClient();
  const members = useMembers(boardId);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<MemberRole>('editor');
  const [linkRole, setLinkRole] = useState<MemberRole>('viewer');
  const [maxUses, setMaxUses] = useState('');
  const [newLink, setNewLink] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ userId: number; name: string } | null>(null);

  const attempt = async (action: () => Promise<string | null | void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const said = await action();
      if (said) setNotice(said);
    } catch (err) {
      console.error(err);
      setError(failureText(err, t('people.failed')));
    } finally {
      setBusy(false);
    }
  };

  const invite = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!address) return;
    void attempt(async () => {
      await inviteByEmail(queryClient, boardId, address, inviteRole);
      setEmail('');
      return t('people.invited', { email: address });
    });
  };

  const createLink = (e: FormEvent) => {
    e.preventDefault();
    const uses = maxUses.trim() ? Number(maxUses) : undefined;
    void attempt(async () => {
      const link = await createInvitationLink(queryClient, boardId, {
        role: linkRole,
        ...(uses !== undefined ? { maxUses: uses } : {}),
      });
      setNewLink(new URL(link.url, window.location.origin).toString());
    });
  };

  const roleName = (role: BoardRole) => t(`people.${role}`);
  const invitations = members.data?.invitations ?? [];
  const byEmail = invitations.filter((i): i is PendingInvitation & { email: string } => i.email !== null);
  const links = invitations.filter((i) => i.email === null);

  return (
    <section className="share-people" aria-label={t('people.heading')} data-testid="board-people">
      <h3>{t('people.heading')}</h3>
      {isOwner && <p className="share-hint">{t('people.hint')}</p>}
      {members.isPending ? (
        <p>{t('people.loading')}</p>
      ) : members.isError ? (
        <p className="share-error" role="alert">
          {failureText(members.error, t('people.loadFailed'))}
        </p>
      ) : (
        <ul aria-label={t('people.heading')}>
          {members.data.members.map((m) => {
            const name = m.name || m.email;
            return (
              <li key={m.userId} data-testid="member-row" data-user-id={m.userId} data-role={m.role}>
                <span className="person">
                  <span>
                    <span translate="no">{name}</span> {m.userId === userId && t('people.you')}
                  </span>
                  <span className="person-email" translate="no">
                    {m.email}
                  </span>
                </span>
                {m.role === 'owner' || !isOwner ? (
                  <span className="person-role">{roleName(m.role)}</span>
                ) : (
                  <>
                    <RoleSelect
                      value={m.role}
                      label={t('people.roleLabel', { name })}
                      disabled={busy}
                      onChange={(role) => void attempt(() => changeRole(queryClient, boardId, m.userId, role))}
                    />
                    <button
                      type="button"
                      className="btn"
                      disabled={busy}
                      aria-label={t('people.removeLabel', { name })}
                      onClick={() => setRemoving({ userId: m.userId, name })}
                    >
                      {t('people.remove')}
                    </button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!isOwner && <p className="person-email">{t('people.readOnlyHint')}</p>}
      {isOwner && byEmail.length > 0 && (
        <>
          <h3>{t('people.pending')}</h3>
          <ul aria-label={t('people.pending')}>
            {byEmail.map((i) => (
              <li key={i.code} data-testid="pending-invitation">
                <span className="person">{t('people.pendingRow', { email: i.email, role: roleName(i.role) })}</span>
                <button
                  type="button"
                  className="btn"
                  disabled={busy}
                  aria-label={t('people.revokeLabel', { email: i.email })}
                  onClick={() => void attempt(() => revokeInvitation(queryClient, boardId, i.code))}
                >
                  {t('people.revoke')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {isOwner && (
        <>
          <h3>{t('people.inviteHeading')}</h3>
          <form onSubmit={invite}>
            <input
              type="email"
              aria-label={t('people.emailLabel')}
              placeholder={t('people.emailLabel')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
            <RoleSelect value={inviteRole} label={t('people.inviteRoleLabel')} onChange={setInviteRole} />
            <button type="submit" className="btn primary" disabled={busy}>
              {t('people.invite')}
            </button>
          </form>
          <h3>{t('people.linkHeading')}</h3>
          <p className="share-hint">{t('people.linkHint')}</p>
          <form onSubmit={createLink}>
            <RoleSelect value={linkRole} label={t('people.linkRoleLabel')} onChange={setLinkRole} />
            {/* A visible label over the field, never a placeholder inside it: the words do not fit a number field. */}
            <label className="share-field">
              <span>{t('people.maxUsesLabel')}</span>
              <input
                type="number"
                min={1}
                max={INVITATION_USES_MAX}
                value={maxUses}
                onChange={(e) => setMaxUses(e.target.value)}
              />
            </label>
            <button type="submit" className="btn" disabled={busy}>
              {t('people.createLink')}
            </button>
          </form>
          {newLink && (
            <div className="share-new-link">
              <input
                type="text"
                readOnly
                aria-label={t('people.newLink')}
                value={newLink}
                data-testid="invitation-link"
                onFocus={(e) => e.target.select()}
              />
              <button type="button" className="btn" onClick={() => void copyShareLink(newLink)}>
                {t('people.copyLink')}
              </button>
            </div>
          )}
          {links.length > 0 && (
            <>
              <h3>{t('people.activeLinks')}</h3>
              <ul aria-label={t('people.activeLinks')}>
                {links.map((i) => (
                  <li key={i.code} data-testid="invitation-link-row">
                    <span className="person">
                      {t('people.linkRow', {
                        role: roleName(i.role),
                        uses:
                          i.maxUses === null
                            ? t('people.linkUsesUnlimited', { count: i.uses })
                            : t('people.linkUses', { count: i.uses, max: i.maxUses }),
                        until: i.expiresAt
                          ? t('people.linkUntil', { date: linkDate.format(new Date(i.expiresAt)) })
                          : t('people.linkNoEnd'),
                      })}
                    </span>
                    <button
                      type="button"
                      className="btn"
                      disabled={busy}
                      aria-label={t('people.revokeLinkLabel', { code: i.code.slice(0, 6) })}
                      onClick={() => void attempt(() => revokeInvitation(queryClient, boardId, i.code))}
                    >
                      {t('people.revokeLink')}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {notice && (
        <p role="status" data-testid="people-notice">
          {notice}
        </p>
      )}
      {error && (
        <p className="share-error" role="alert" data-testid="people-error">
          {error}
        </p>
      )}
      {removing && (
        <Dialog
          title={t('people.removeTitle', { name: removing.name })}
          onClose={() => setRemoving(null)}
          testId="remove-member-dialog"
        >
          <p>{t('people.removeDetail', { name: removing.name })}</p>
          <DialogFooter
            actions={[
              { label: t('people.removeCancel'), onClick: () => setRemoving(null) },
              {
                label: t('people.remove'),
                kind: 'danger',
                disabled: busy,
                onClick: () => {
                  const { userId: removed } = removing;
                  setRemoving(null);
                  void attempt(() => removeMember(queryClient, boardId, removed));
                },
              },
            ]}
          />
        </Dialog>
      )}
    </section>
  );
}
