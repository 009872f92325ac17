import type { ToastText } from '#shared/messages/web';
import { webI18n } from './i18n';

/**
 * Toasts made outside React (commands), in the language at the moment they show (the toasts catalogue; the spec's
 * Russian words in the Russian locale, board-workspace §8).
 */
export const moveToasts = {
  moved: (): ToastText => ({ title: webI18n.t('toasts:cardMoved.title') }),
  /** Naming the card and its destination (spec §8). */
  movedTo: (card: string, destination: string): ToastText => ({
    title: webI18n.t('toasts:cardMovedTo.title'),
    description: webI18n.t('toasts:cardMovedTo.description', { card, destination }),
  }),
  /** Several cards, naming how many and their destination. */
  manyMovedTo: (count: number, destination: string): ToastText => ({
    title: webI18n.t('toasts:cardsMovedTo.title'),
    description: webI18n.t('toasts:cardsMovedTo.description', { count, destination }),
  }),
  failed: (): ToastText => ({
    title: webI18n.t('toasts:moveFailed.title'),
    description: webI18n.t('toasts:moveFailed.description'),
  }),
  noSection: (): string => webI18n.t('board:moveDialog.noSection'),
};

/** Team boards: the card this user was dragging was deleted by `name`. */
export const cardDeletedByToast = (name: string): ToastText => ({
  title: webI18n.t('toasts:cardDeletedBy.title', { name }),
});
