import type { collections as en } from '../en/collections';
import type { RussianCatalogue } from '../types';

/** Коллекции: экран коллекций, плитки, окно премиум-коллекции, открытие коллекции, значок «новое!». Русский. */
export const collections = {
  heading: 'Коллекции',
  back: 'Назад',
  newBlock: 'Новые',
  expand: 'Показать: {{title}}',
  collapse: 'Скрыть: {{title}}',
  pro: 'Pro-коллекция',
  newBadge: 'новое',
  sidebarNew: 'новое!',
  loading: 'Загрузка коллекций...',
  empty: 'Коллекций пока нет',
  fetchFailed: 'Не удалось загрузить коллекции',
  premium: {
    title: 'Премиум-коллекция',
    only: 'Эта коллекция доступна только пользователям с премиум-подпиской.',
    name: 'Коллекция: «{{name}}»',
    upgrade: 'Повысьте тариф, чтобы открыть все премиум-коллекции и расширенные возможности.',
    viewPlans: 'Посмотреть тарифы',
    cancel: 'Отмена',
  },
  use: {
    loading: 'Загрузка коллекции...',
    loadingDetail: 'Создаём новую доску из коллекции',
    loaded: 'Коллекция загружена!',
    loadedDetail: 'Новая доска создана.',
    failedTitle: 'Ошибка',
    failed: 'Не удалось загрузить коллекцию.',
  },
  authGate: {
    checking: 'Проверяем вход...',
    redirecting: 'Перенаправляем...',
  },
} satisfies RussianCatalogue<typeof en>;
