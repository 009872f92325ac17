import type { pages as en } from '../en/pages';
import type { RussianCatalogue } from '../types';

/** Страницы приложения: вход, ссылки на общую доску и приглашения, возврат после оплаты, 404. Русский. */
export const pages = {
  loading: 'Загрузка...',
  notFound: {
    title: '404 — страница не найдена',
    hint: 'Возможно, страницу забыли добавить в маршрутизатор?',
    home: 'На главную',
  },
  authGate: {
    checking: 'Проверка входа...',
    redirecting: 'Перенаправление...',
  },
  share: {
    processing: 'Обработка общей доски',
    errorTitle: 'Ошибка ссылки',
    errorHint: 'Так бывает, если ссылка неверна, устарела или доска больше не открыта для общего доступа.',
    failed: 'Не удалось открыть общую доску',
    invalidLink: 'Неверная ссылка',
    goHome: 'На главную',
  },
  login: {
    signInHeading: 'Вход',
    signUpHeading: 'Создать аккаунт',
    email: 'Эл. почта',
    password: 'Пароль',
    firstName: 'Имя (необязательно)',
    signInButton: 'Войти',
    signUpButton: 'Зарегистрироваться',
    devLogin: 'Продолжить как dev-пользователь',
    devLoginHint: 'На localhost можно войти как dev-пользователь, без аккаунта.',
    orWithEmail: 'или по почте и паролю',
    failed: 'Не удалось войти',
  },
  billingSuccess: {
    confirming: 'Подтверждаем оплату...',
    success: 'Оплата прошла успешно!',
    activatedPlan: 'Тариф {{plan}} подключён.',
    activated: 'Подписка подключена.',
    redirecting: 'Через 3 секунды вы перейдёте к доскам...',
    goNow: 'Перейти к доскам',
    notConfirmed: 'Пока не удалось подтвердить оплату',
    notConfirmedHint: 'Если вы завершили оплату, тариф сменится, как только платёжная система сообщит нам об этом.',
    missingSession: 'Для подтверждения этой странице нужна платёжная сессия.',
    backToPlans: 'К тарифам',
  },
} satisfies RussianCatalogue<typeof en>;
