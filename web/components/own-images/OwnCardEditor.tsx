import { DialogFooter } from '../dialogs/DialogFooter';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalReason, updateOwnCard } from '../../data/own-images.queries';
import type { Card } from '../../data/wire';
import { toast } from '../../stores/toast.store';
import { commandToast } from '../../i18n/command-toasts';

/**
 * The fields a user edits on their own image card: title, notes in markdown, game, game link
 * (http/https) and tags. Saved as a `card.update` op through the board's ops door; the board store takes the change.
 */
export function OwnCardEditor({ card, onDone }: { card: Card; onDone: () => void }) {
  const { t } = useTranslation('dialogs');
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(card.title);
  const [notes, setNotes] = useState(card.detailedDescription);
  const [game, setGame] = useState(card.game);
  const [gameLink, setGameLink] = useState(card.gameLink);
  const [tags, setTags] = useState(card.tags.join(', '));
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      await updateOwnCard(queryClient, card, {
        title: title.trim() || card.title,
        detailedDescription: notes,
        game: game.trim(),
        gameLink: gameLink.trim(),
        tags: [
          ...new Set(
            tags
              .split(',')
              .map((tag) => tag.trim())
              .filter(Boolean),
          ),
        ],
      });
      toast(commandToast('ownCardSaved'), 'success');
      onDone();
    } catch (err) {
      toast({ ...commandToast('ownCardSaveFailed'), description: refusalReason(err) }, 'destructive');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="own-editor" data-testid="own-card-editor" onSubmit={(e) => void submit(e)}>
      <label>
        {t('ownCard.title')}
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={500} required />
      </label>
      <label>
        {t('ownCard.notes')}
        <textarea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={50_000} />
      </label>
      <label>
        {t('ownCard.game')}
        <input value={game} onChange={(e) => setGame(e.target.value)} maxLength={200} />
      </label>
      <label>
        {t('ownCard.gameLink')}
        <input
          type="url"
          value={gameLink}
          onChange={(e) => setGameLink(e.target.value)}
          pattern="https?://.+"
          placeholder={t('ownCard.gameLinkPlaceholder')}
        />
      </label>
      <label>
        {t('ownCard.tags')}
        <input value={tags} onChange={(e) => setTags(e.target.value)} />
      </label>
      <DialogFooter
        actions={[
          { label: t('ownCard.cancel'), onClick: onDone },
          { label: t('ownCard.save'), kind: 'primary', submit: true, disabled: saving },
        ]}
      />
    </form>
  );
}
