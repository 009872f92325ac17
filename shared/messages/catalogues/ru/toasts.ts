import type { toasts as en } from '../en/toasts';
import type { RussianCatalogue } from '../types';

/** Toasts, Russian; the move toasts are the spec's words (board-workspace §8). */
export const toasts = {
  moveFailed: { title: 'Ошибка', description: 'Не удалось переместить карточку' },
  cardMoved: { title: 'Карточка перемещена' },
  cardMovedTo: { title: 'Карточка перемещена', description: '«{{card}}» → {{destination}}' },
  cardsMovedTo: {
    title: 'Карточки перемещены',
    description_one: '{{count}} карточка → {{destination}}',
    description_few: '{{count}} карточки → {{destination}}',
    description_many: '{{count}} карточек → {{destination}}',
    description_other: '{{count}} карточки → {{destination}}',
  },
  cardDeletedBy: { title: '{{name}} удалил(а) эту карточку' },
} satisfies RussianCatalogue<typeof en>;
