import type { Locale } from '#shared/locale';
import type { MailMessage } from './mailer';

/** The product's name, as every mail signs itself. */
const PRODUCT = 'Loot';

type Body = { subject: string; lines: string[]; action: string; after: string[] };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Plain text first (every client shows it), and the same words as simple HTML: paragraphs and one link, no
 * images, no remote content, nothing that reports back when the mail is opened.
 */
function compose(to: string, link: string, body: Body): MailMessage {
  const text = [...body.lines, '', `${body.action}: ${link}`, '', ...body.after, '', `— ${PRODUCT}`].join('\n');
  const paragraphs = body.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const after = body.after.map((line) => `<p style="color:#555">${escapeHtml(line)}</p>`).join('\n');
  const html = [
    '<!doctype html>',
    `<html><body style="font-family:sans-serif;line-height:1.5;max-width:32em">`,
    paragraphs,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(body.action)}</a></p>`,
    `<p style="color:#555;word-break:break-all">${escapeHtml(link)}</p>`,
    after,
    `<p>— ${PRODUCT}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: body.subject, text, html, link };
}

/** The link that proves an address: 24 hours, once. */
export function verifyEmailMail(locale: Locale, to: string, link: string): MailMessage {
  return compose(
    to,
    link,
    locale === 'ru'
      ? {
          subject: `${PRODUCT}: подтвердите адрес почты`,
          lines: [`Подтвердите, что адрес ${to} ваш: тогда вас смогут приглашать на доски по этому адресу.`],
          action: 'Подтвердить адрес',
          after: [
            'Ссылка действует 24 часа и только один раз. Если вы не создавали аккаунт, просто удалите это письмо.',
          ],
        }
      : {
          subject: `${PRODUCT}: confirm your email address`,
          lines: [`Confirm that ${to} is yours, so that people can invite you to their boards at this address.`],
          action: 'Confirm my address',
          after: ['The link works once, for 24 hours. If you did not make an account, simply delete this mail.'],
        },
  );
}

/** The link that sets a new password: 1 hour, once. */
export function resetPasswordMail(locale: Locale, to: string, link: string): MailMessage {
  return compose(
    to,
    link,
    locale === 'ru'
      ? {
          subject: `${PRODUCT}: новый пароль`,
          lines: [`Кто-то (надеемся, вы) попросил сменить пароль аккаунта ${to}.`],
          action: 'Задать новый пароль',
          after: [
            'Ссылка действует 1 час и только один раз. Новый пароль завершит все остальные сеансы.',
            'Если вы ничего не просили, удалите это письмо: пароль останется прежним.',
          ],
        }
      : {
          subject: `${PRODUCT}: set a new password`,
          lines: [`Someone (we hope you) asked to set a new password for the account ${to}.`],
          action: 'Set a new password',
          after: [
            'The link works once, for 1 hour. Setting a new password signs out every other session.',
            'If you did not ask, delete this mail: your password stays as it is.',
          ],
        },
  );
}

/** An invitation to a board by email: who invites, to which board, and the link that opens it. */
export function invitationMail(
  locale: Locale,
  to: string,
  link: string,
  invite: { boardTitle: string; inviter: string; role: 'editor' | 'viewer' },
): MailMessage {
  const role = locale === 'ru' ? (invite.role === 'editor' ? 'редактор' : 'читатель') : invite.role;
  return compose(
    to,
    link,
    locale === 'ru'
      ? {
          subject: `${PRODUCT}: ${invite.inviter} приглашает вас на доску «${invite.boardTitle}»`,
          lines: [`${invite.inviter} приглашает вас на доску «${invite.boardTitle}» (роль: ${role}).`],
          action: 'Открыть приглашение',
          after: [
            `Чтобы принять его, войдите в аккаунт с адресом ${to} и подтвердите этот адрес; если аккаунта нет, создайте его по ссылке.`,
          ],
        }
      : {
          subject: `${PRODUCT}: ${invite.inviter} invited you to “${invite.boardTitle}”`,
          lines: [`${invite.inviter} invited you to the board “${invite.boardTitle}” as ${role}.`],
          action: 'Open the invitation',
          after: [
            `To accept, sign in with an account for ${to} whose address is confirmed; without one, the link helps you make it.`,
          ],
        },
  );
}

/**
 * A member asks a board's owner to upgrade: the owner's plan locks sections of the board for everyone on it, and
 * only the owner's plan can open them. The link goes to the owner's plan page.
 */
export function upgradeRequestMail(
  locale: Locale,
  to: string,
  link: string,
  ask: { member: string; boardTitle: string; lockedSections: number },
): MailMessage {
  return compose(
    to,
    link,
    locale === 'ru'
      ? {
          subject: `${PRODUCT}: ${ask.member} просит открыть закрытые секции доски «${ask.boardTitle}»`,
          lines: [
            `${ask.member} работает с вами на доске «${ask.boardTitle}» и просит повысить ваш тариф.`,
            `Закрытых секций на доске: ${ask.lockedSections}. Что закрыто, решает тариф владельца доски: с платным тарифом они откроются у всех участников.`,
          ],
          action: 'Выбрать тариф',
          after: ['Если менять тариф не нужно, просто удалите это письмо: ничего не изменится.'],
        }
      : {
          subject: `${PRODUCT}: ${ask.member} asks you to unlock “${ask.boardTitle}”`,
          lines: [
            `${ask.member} works with you on the board “${ask.boardTitle}” and asks you to upgrade your plan.`,
            `Locked sections on the board: ${ask.lockedSections}. The board owner’s plan decides what is locked: on a paid plan they open for everyone on the board.`,
          ],
          action: 'Choose a plan',
          after: ['If you do not want to change your plan, simply delete this mail: nothing changes.'],
        },
  );
}
