import type { toasts as en } from '../en/toasts';
import type { RussianCatalogue } from '../types';

/** Toasts, Russian; the move toasts are the spec's words (board-workspace §8). */
export const toasts = {
  moveFailed: { title: 'Ошибка', description: 'Не удалось переместить карточку' },
  cardMoved: { title: 'Карточка перемещена' },
  cardMovedTo: { title: 'Карточка перемещена', description: '«{{card}}» → {{destination}}' },
  cardDeletedBy: { title: '{{name}} удалил(а) эту карточку' },
} satisfies RussianCatalogue<typeof en>;
