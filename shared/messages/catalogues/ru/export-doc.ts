import type { exportDoc as en } from '../en/export-doc';
import type { RussianCatalogue } from '../types';

/** Words inside the exported documents, Russian; 'Без секции' is the spec's name for cards outside any section. */
export const exportDoc = {
  noSection: 'Без секции',
  exportedOn: 'Экспортировано {{date}}',
  cardCount_one: '{{count}} карточка',
  cardCount_few: '{{count}} карточки',
  cardCount_many: '{{count}} карточек',
  cardCount_other: '{{count}} карточки',
  sectionCount_one: '{{count}} секция',
  sectionCount_few: '{{count}} секции',
  sectionCount_many: '{{count}} секций',
  sectionCount_other: '{{count}} секции',
  sections: 'Секции',
  continued: '(продолжение)',
  page: '{{page}} / {{total}}',
  startsOnPage: 'с. {{page}}',
  noImage: 'Нет изображения',
  game: 'Игра',
  tags: 'Теги',
  genre: 'Жанр',
  imageLink: 'Изображение {{n}}',
} satisfies RussianCatalogue<typeof en>;
