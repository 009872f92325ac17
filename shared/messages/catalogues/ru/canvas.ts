import type { canvas as en } from '../en/canvas';
import type { RussianCatalogue } from '../types';

/** Texts the board canvas draws itself; 'Загрузка...' is the spec's (board-workspace §2, gallery). */
export const canvas = {
  findSimilar: 'Найти похожие',
  loadingImage: 'Загрузка...',
  noImage: 'Нет изображения',
  ownImageBadge: 'Своё',
  // The upgrade button is 220 units wide (engine/model/section-layout.ts): the label stays short.
  lockedTitle: 'Премиум-секция',
  lockedUpgrade: 'Повысить тариф',
} satisfies RussianCatalogue<typeof en>;
