import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config';
import type { Logger } from '../ops/log';
import { log as processLog } from '../ops/log';

/** One message as Loot sends it: plain text and a simple HTML twin, nothing else (no tracking, no images). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, written to the log in log mode so an operator can hand it on. */
  link: string;
};

export type Mailer = {
  /** 'smtp' when LOOT_SMTP_URL is set; 'log' otherwise (each mail becomes one log line with its link). */
  readonly mode: 'smtp' | 'log';
  /** Rejects when the SMTP server refuses or cannot be reached; callers decide whether that fails their request. */
  send(message: MailMessage): Promise<void>;
  /** The sentence startup prints about where mail goes; never the SMTP credentials. */
  describe(): string;
  close(): void;
};

/** The sender when LOOT_MAIL_FROM is unset: the product's name at the public host, or at localhost. */
export function defaultMailFrom(config: Pick<AppConfig, 'LOOT_PUBLIC_URL'>): string {
  const host = config.LOOT_PUBLIC_URL ? new URL(config.LOOT_PUBLIC_URL).hostname : 'localhost';
  return `Loot <no-reply@${host}>`;
}

/** Where the SMTP URL points, with user and password left out: what startup and errors may say. */
export function smtpAddressForLog(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/**
 * The process's mailer: SMTP through nodemailer when LOOT_SMTP_URL is set (smtp:// with STARTTLS when the server
 * offers it, smtps:// for TLS from the first byte), else the log. The embedded default needs no mail server: an
 * operator reads the link from the log and passes it on.
 */
export function createMailer(
  config: Pick<AppConfig, 'LOOT_SMTP_URL' | 'LOOT_MAIL_FROM' | 'LOOT_PUBLIC_URL'>,
  logger: Logger = processLog,
): Mailer {
  const from = config.LOOT_MAIL_FROM ?? defaultMailFrom(config);
  if (!config.LOOT_SMTP_URL) {
    return {
      mode: 'log',
      async send(message) {
        // One line per mail: the address, the subject and the link, which is all an operator needs to pass it on.
        logger.info(
          { mailTo: message.to, subject: message.subject },
          `Mail (not sent) to ${message.to}: ${message.subject} ${message.link}`,
        );
      },
      describe: () => 'Mail is written to the log, one line per mail with its link (LOOT_SMTP_URL is not set).',
      close() {},
    };
  }
  const address = smtpAddressForLog(config.LOOT_SMTP_URL);
  const transport: Transporter = nodemailer.createTransport(config.LOOT_SMTP_URL);
  return {
    mode: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    describe: () => `Mail is sent through SMTP at ${address}, from ${from}.`,
    close: () => transport.close(),
  };
}

const made = new WeakMap<object, Mailer>();

/** The mailer a service uses: the one given in deps, else one per configuration, made on first use. */
export function mailerFor(deps: {
  config: Pick<AppConfig, 'LOOT_SMTP_URL' | 'LOOT_MAIL_FROM' | 'LOOT_PUBLIC_URL'>;
  mailer?: Mailer;
  log?: Logger;
}): Mailer {
  if (deps.mailer) return deps.mailer;
  let mailer = made.get(deps.config);
  if (!mailer) {
    mailer = createMailer(deps.config, deps.log);
    made.set(deps.config, mailer);
  }
  return mailer;
}

/**
 * Sends without holding up the answer: a mail server that is slow or down neither delays a sign-up nor shows in
 * how long a "forgot password" answer takes. A failure is logged with the SMTP server's address, never the mail's
 * link.
 */
export function sendInBackground(
  deps: Parameters<typeof mailerFor>[0],
  message: MailMessage | Promise<MailMessage | null>,
): void {
  const logger = deps.log ?? processLog;
  void Promise.resolve(message)
    .then((ready) => (ready ? mailerFor(deps).send(ready) : undefined))
    .catch((err: unknown) =>
      logger.error({ err: err instanceof Error ? err.message : String(err) }, 'A mail could not be sent'),
    );
}
