import { DialogFooter } from '../dialogs/DialogFooter';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';
import { copyShareLink, createCopyLink, stopSharing } from '../../flows/share-board';
import { copyBoardForMember } from '../../flows/copy-board';
import { failureText } from '../../data/failure-text';
import { copyLinkOf, useBoardShare } from '../../data/share.queries';
import { useCurrentUser } from '../../data/user.queries';
import type { Board } from '../../data/wire';
import { BoardPeople } from './BoardPeople';
import { LeaveBoardDialog } from './LeaveBoardDialog';

type Props = { board: Pick<Board, 'id' | 'title' | 'role'>; onClose: () => void };

/**
 * The owner's "Anyone with the link gets their own copy": what such a link does, then either Create copy link or
 * the link in a read-only field with Copy link and Stop sharing the copy link. Opening it only reads the board's
 * share state: the board is published by the Create button alone, and the clipboard is written by Copy link alone.
 */
function CopyLinkSection({ boardId }: { boardId: number }) {
  const { t } = useTranslation('team');
  const queryClient = useQueryClient();
  const state = useBoardShare(boardId, true);
  const headingId = useId();
  const field = useRef<HTMLInputElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  // Set by Create and Stop: the button pressed goes away, so focus moves to the one that takes its place.
  const moveFocus = useRef(false);
  const link = copyLinkOf(state.data);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (link ? copyButton : createButton).current?.focus();
  }, [link]);

  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    moveFocus.current = await action();
    setBusy(false);
  };
  const selectLink = () => field.current?.select();
  // A refused clipboard selects the field, to copy by hand.
  const copy = async () => {
    if (link && !(await copyShareLink(link))) selectLink();
  };

  return (
    <section className="share-copy" aria-labelledby={headingId} data-testid="share-copy">
      <h3 id={headingId}>{t('share.copyHeading')}</h3>
      <p className="share-hint">{t('share.copyHint')}</p>
      {state.isPending ? (
        <p>{t('share.loading')}</p>
      ) : state.isError ? (
        <p className="share-error" role="alert">
          {failureText(state.error, t('share.loadFailed'))}
        </p>
      ) : link ? (
        <>
          <label className="share-link-label">
            {t('share.linkLabel')}
            <input
              ref={field}
              className="share-link"
              type="text"
              readOnly
              value={link}
              onFocus={selectLink}
              data-testid="share-link"
            />
          </label>
          <div className="share-actions">
            <button ref={copyButton} type="button" className="btn primary" onClick={() => void copy()}>
              {t('share.copy')}
            </button>
            <button
              type="button"
              className="btn danger"
              disabled={busy}
              onClick={() => void run(() => stopSharing(queryClient, boardId))}
            >
              {t('share.stop')}
            </button>
          </div>
          <p className="share-hint">{t('share.stopHint')}</p>
        </>
      ) : (
        <div className="share-actions">
          <button
            ref={createButton}
            type="button"
            className="btn primary"
            disabled={busy}
            onClick={() => void run(() => createCopyLink(queryClient, boardId))}
          >
            {t('share.createLink')}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * The share dialog, in two plainly separate parts. "People on this board": its members and their roles; the owner
 * manages them (invitations by email or by link), a member sees them and may leave the board or copy it to their own
 * boards. For the owner, "Anyone with the link gets their own copy": a link that gives whoever opens it a separate
 * copy (spec accounts §4), made and copied only by its own buttons; opening the dialog writes nothing.
 */
export function ShareDialog({ board, onClose }: Props) {
  const boardId = board.id;
  const queryClient = useQueryClient();
  const { t } = useTranslation('team');
  const user = useCurrentUser().data ?? null;
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const isOwner = board.role === 'owner';

  const copyToMine = async () => {
    setBusy(true);
    if (await copyBoardForMember(queryClient, boardId)) onClose();
    else setBusy(false);
  };

  return (
    <Dialog title={t('share.title')} onClose={onClose} className="share-dialog">
      {user && <BoardPeople boardId={boardId} userId={user.id} isOwner={isOwner} />}
      {isOwner && <CopyLinkSection boardId={boardId} />}
      <DialogFooter
        actions={
          isOwner
            ? [{ label: t('share.close'), onClick: onClose }]
            : [
                { label: t('people.leave'), kind: 'danger', disabled: busy || !user, onClick: () => setLeaving(true) },
                { label: t('share.close'), onClick: onClose },
                { label: t('people.copyBoard'), kind: 'primary', disabled: busy, onClick: () => void copyToMine() },
              ]
        }
      />
      {leaving && user && (
        <LeaveBoardDialog board={board} userId={user.id} onCancel={() => setLeaving(false)} onLeft={onClose} />
      )}
    </Dialog>
  );
}
