import type { account as en } from '../en/account';
import type { RussianCatalogue } from '../types';

/** Аккаунт: подтверждение адреса, забытый пароль, сеансы, пароль. */
export const account = {
  verifyNotice: {
    text: 'Подтвердите адрес {{email}}, чтобы принимать приглашения по почте.',
    resend: 'Отправить ссылку ещё раз',
    sent: 'Новая ссылка уже в пути.',
    failed: 'Не удалось отправить ссылку.',
  },
  verifyPage: {
    title: 'Подтверждение адреса',
    working: 'Подтверждаем…',
    done: 'Адрес {{email}} подтверждён.',
    failedTitle: 'Ссылка не сработала',
    goHome: 'На главную',
  },
  forgot: {
    link: 'Забыли пароль?',
    title: 'Новый пароль',
    intro: 'Введите адрес аккаунта: мы пришлём на него ссылку для нового пароля.',
    send: 'Прислать ссылку',
    back: 'Вернуться ко входу',
    failed: 'Не удалось отправить запрос.',
  },
  resetPage: {
    title: 'Придумайте новый пароль',
    password: 'Новый пароль',
    save: 'Сохранить и войти',
    note: 'Все остальные сеансы аккаунта будут завершены.',
    failed: 'Не удалось сохранить новый пароль.',
  },
  settings: {
    menuItem: 'Аккаунт и сеансы',
    title: 'Аккаунт',
    sessionsHeading: 'Открытые сеансы',
    current: 'Этот сеанс',
    created: 'Вход {{date}}',
    lastSeen: 'Активность {{date}}',
    signOut: 'Выйти',
    signOutLabel: 'Завершить сеанс {{device}}',
    signOutOthers: 'Выйти на всех других устройствах',
    loadFailed: 'Не удалось загрузить сеансы.',
    actionFailed: 'Не получилось.',
    passwordHeading: 'Пароль',
    currentPassword: 'Текущий пароль',
    newPassword: 'Новый пароль',
    changePassword: 'Сменить пароль',
    passwordChanged: 'Пароль изменён: все остальные сеансы завершены.',
    dataHeading: 'Ваши данные',
    dataNote: 'Архив со всеми вашими досками (по каждой — бриф в Markdown и файл JSON) и загруженными вами картинками.',
    download: 'Скачать мои данные',
    deleteHeading: 'Удаление аккаунта',
    deleteNote:
      'Удаляет ваши доски (их участники их потеряют), картинки, участие в чужих досках и сеансы, а также отменяет подписку. Отменить удаление нельзя.',
    deleteAccount: 'Удалить мой аккаунт',
    deleteTitle: 'Удалить аккаунт?',
    deletePasswordLabel: 'Ваш пароль',
    deleteOidcNote:
      'Вы входите через внешний сервис: сначала войдите заново, затем удалите аккаунт в течение 10 минут.',
    signInAgain: 'Войти заново',
    deleteCancel: 'Отмена',
    deleteConfirm: 'Удалить всё',
    deleteFailed: 'Не удалось удалить аккаунт.',
    back: 'К доскам',
  },
} satisfies RussianCatalogue<typeof en>;
