import type { QueryClient } from '@tanstack/react-query';
import { CARD_DELETE_UNDO_MS } from '#shared/constants';
import { batchCommand } from '../../commands/batch';
import { deleteCardCommand } from '../../commands/delete-card';
import { executeRecorded, undoEntry } from '../../commands/history';
import { fetchCardDetails } from '../../data/card-details';
import type { Card } from '../../data/wire';
import { cardCopyHtml, cardCopyText, downloadFileName } from '../../logic/card-text';
import { resolveImagePath } from '#shared/image-urls';
import { normalizeImageUrl } from '#shared/canonical-image-url';
import { toast } from '../../stores/toast.store';
import { webI18n } from '../../i18n/i18n';

/** A toast of the cards catalogue, in the language of the moment. */
const cardToast = (key: 'downloadError' | 'textCopied' | 'cardDeleted' | 'cardsDeleted') => ({
  title: webI18n.t(`cards:toasts.${key}.title`),
  description: webI18n.t(`cards:toasts.${key}.description`),
});

/**
 * Download (spec §5, §8, §9): blocked with 'Download error' when the card has no image; the file is named after
 * the title with underscores, .jpg; 'File saved' on success.
 */
export async function downloadCardImage(card: Pick<Card, 'title' | 'images'>, imageIndex = 0): Promise<void> {
  // A catalogue path (static/…) is served under /api/storage/, as the board draws it.
  const src = normalizeImageUrl(resolveImagePath(card.images[imageIndex] ?? card.images[0]), window.location.origin);
  if (!src) {
    toast(cardToast('downloadError'), 'destructive');
    return;
  }
  try {
    const res = await fetch(src, { credentials: 'include' });
    if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
    const url = URL.createObjectURL(await asJpeg(await res.blob()));
    const link = document.createElement('a');
    link.href = url;
    link.download = downloadFileName(card.title);
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast(
      {
        title: webI18n.t('cards:toasts.fileSaved.title'),
        description: webI18n.t('cards:toasts.fileSaved.description', { title: card.title }),
      },
      'success',
    );
  } catch (err) {
    console.error('Download failed', err);
    toast(cardToast('downloadError'), 'destructive');
  }
}

/** JPEG quality of a downloaded image converted from another format. */
const JPEG_QUALITY = 0.92;

/**
 * The file is named `Title.jpg` (spec §9), so it holds a JPEG: images stored as WebP or PNG are drawn
 * on a white canvas and encoded as JPEG; a JPEG is kept as it is.
 */
async function asJpeg(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/jpeg') return blob;
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D canvas for the JPEG conversion');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (out) => (out ? resolve(out) : reject(new Error('JPEG encoding failed'))),
        'image/jpeg',
        JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}

/** Copy text (spec §5): title, description and detailed description, skipping empty ones; 'Text copied'. */
export async function copyCardText(
  card: Pick<Card, 'id' | 'title' | 'description' | 'detailedDescription' | 'detailsLoaded'>,
): Promise<void> {
  const full = await withDetailedDescription(card);
  const text = cardCopyText(full);
  try {
    // Plain text without markdown, and the formatted version where the clipboard takes HTML.
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/plain': new Blob([text], { type: 'text/plain' }),
          'text/html': new Blob([cardCopyHtml(full)], { type: 'text/html' }),
        }),
      ]);
    } else await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard API refused (permissions, older browser): the selection-based copy still works on a user click.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  toast(cardToast('textCopied'), 'success');
}

/** A card listed without its details (a large board) gets its detailed description fetched before copying. */
async function withDetailedDescription<T extends Pick<Card, 'id' | 'detailedDescription' | 'detailsLoaded'>>(
  card: T,
): Promise<T> {
  if (card.detailsLoaded !== false) return card;
  try {
    return { ...card, detailedDescription: (await fetchCardDetails(card.id)).detailedDescription };
  } catch (err) {
    console.error('Could not read the card details; copying what the board shows', err);
    return card;
  }
}

/**
 * Deletes cards through the command history and says so with an Undo button, as a deleted board does:
 * the toast's Undo takes back this delete even when other changes came after it; Ctrl+Z works too.
 */
export async function deleteCardsWithUndo(queryClient: QueryClient, cardIds: readonly number[]): Promise<boolean> {
  if (cardIds.length === 0) return false;
  const command =
    cardIds.length === 1
      ? deleteCardCommand(cardIds[0])
      : batchCommand(
          webI18n.t('cards:deleteCards'),
          cardIds.map((id) => deleteCardCommand(id)),
        );
  const inverse = await executeRecorded(command, queryClient);
  if (!inverse) return false;
  toast(cardToast(cardIds.length === 1 ? 'cardDeleted' : 'cardsDeleted'), 'success', CARD_DELETE_UNDO_MS, {
    label: webI18n.t('cards:toasts.undo'),
    run: () => void undoEntry(inverse, queryClient),
  });
  return true;
}
