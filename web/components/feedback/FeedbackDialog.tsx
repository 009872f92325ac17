import { DialogFooter } from '../dialogs/DialogFooter';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_TITLE_MAX } from '#shared/constants';
import { useTranslation } from 'react-i18next';
import { submitFeedback } from '../../data/feedback.queries';
import { Dialog } from '../ui/Dialog';
import { serverMessageOf } from '../../data/failure-text';
import { feedbackDraft } from '../../logic/feedback-form';

/** Spec accounts §4, §9: after success a thank-you message shows and the dialog closes after 2 s. */
const CLOSE_AFTER_THANKS_MS = 2000;

/**
 * The feedback dialog (spec accounts §5): optional title (≤ 100), required message (≤ 3000) in 4 rows with a
 * live counter; Send stays disabled for a blank message; trimmed values are sent. A failure is only logged
 * (spec §8: "no error UI shown").
 */
export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('dialogs');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [thanked, setThanked] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const draft = feedbackDraft(title, message);
  // The parent passes a new onClose on each render; the 2 s timer must not restart with it.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!thanked) return;
    const timer = window.setTimeout(() => closeRef.current(), CLOSE_AFTER_THANKS_MS);
    return () => window.clearTimeout(timer);
  }, [thanked]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.canSend || sending) return;
    setSending(true);
    try {
      await submitFeedback(draft.payload);
      setThanked(true);
    } catch (err) {
      // Spec accounts §8: a failure is logged, with no error line of its own; the server's reason, when it sent
      // one, is still said.
      console.error('Failed to submit feedback', err);
      setRefusal(serverMessageOf(err));
      setSending(false);
    }
  };

  return (
    <Dialog
      title={t('feedback.title')}
      subtitle={thanked ? undefined : t('feedback.subtitle')}
      onClose={onClose}
      className="feedback-dialog"
    >
      {thanked ? (
        <p role="status" className="feedback-thanks">
          {t('feedback.thanks')}
        </p>
      ) : (
        <form className="form" onSubmit={(e) => void submit(e)}>
          <label>
            {t('feedback.titleLabel')}
            <input
              type="text"
              value={title}
              maxLength={FEEDBACK_TITLE_MAX}
              onChange={(e) => setTitle(e.target.value)}
            />
          </label>
          <label>
            {t('feedback.messageLabel')}
            <textarea
              rows={4}
              value={message}
              maxLength={FEEDBACK_MESSAGE_MAX}
              placeholder={t('feedback.messagePlaceholder')}
              onChange={(e) => setMessage(e.target.value)}
            />
          </label>
          <span className="feedback-counter" data-testid="feedback-counter" aria-live="polite">
            {t('feedback.counter', { used: draft.messageLength, max: FEEDBACK_MESSAGE_MAX })}
          </span>
          {refusal && (
            <p role="alert" className="form-error">
              {refusal}
            </p>
          )}
          <DialogFooter
            actions={[
              { label: t('feedback.cancel'), onClick: onClose },
              {
                label: sending ? t('feedback.sending') : t('feedback.send'),
                kind: 'primary',
                submit: true,
                disabled: !draft.canSend || sending,
              },
            ]}
          />
        </form>
      )}
    </Dialog>
  );
}
