import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail as the test SMTP server received it: envelope, decoded subject and body, the links in it. */
export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  /** The whole message, quoted-printable decoded: headers, the text part and the HTML part. */
  body: string;
  links: string[];
  /** Credentials the client authenticated with, when it did. */
  auth: { username: string; password: string } | null;
};

export type SmtpInbox = {
  /** smtp://user:pass@127.0.0.1:port, for LOOT_SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The first mail to `address` that `match` accepts, arrived already or when it arrives (rejects after timeoutMs). */
  next(address: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** Quoted-printable soft breaks and escapes undone, bytes read as UTF-8; base64 parts decoded. */
function decodeBody(raw: string): string {
  const parts = raw.split(/\r?\n(?=--)/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return part;
      const headers = part.slice(0, split);
      const content = part.slice(split).trim();
      if (/content-transfer-encoding:\s*base64/i.test(headers))
        return `${headers}\n\n${Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
        const bytes = content
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return `${headers}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
      }
      return part;
    })
    .join('\n');
}

/**
 * A real SMTP server in the test process (smtp-server, the library nodemailer's authors keep): plain SMTP on a
 * loopback port, any user and password accepted and remembered. Tests read what arrived; nothing of ours is mocked.
 */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const waiters: { address: string; match: (m: ReceivedMail) => boolean; resolve(m: ReceivedMail): void }[] = [];
  const server = new SMTPServer({
    // No certificate here: the client must not be offered STARTTLS, and may log in over the plain connection.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, session, callback) {
      callback(null, { user: { username: auth.username, password: auth.password } });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const headerEnd = raw.search(/\r?\n\r?\n/);
        const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
        const subject = decodeWords(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '');
        const body = decodeBody(raw);
        const user = session.user as unknown as { username: string; password: string } | undefined;
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          body,
          links: [...new Set(body.match(/https?:\/\/[^\s"<>]+/g) ?? [])],
          auth: user ?? null,
        };
        mails.push(mail);
        for (const waiter of [...waiters]) {
          if (mail.to.includes(waiter.address) && waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://mailer:mail-password@127.0.0.1:${port}`,
    mails,
    next(address, match = () => true, timeoutMs = 10_000) {
      const lower = address.toLowerCase();
      const arrived = mails.find((m) => m.to.includes(lower) && match(m));
      if (arrived) return Promise.resolve(arrived);
      return new Promise((resolve, reject) => {
        const waiter = { address: lower, match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          if (!waiters.includes(waiter)) return;
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no mail to ${address} arrived within ${timeoutMs} ms`));
        }, timeoutMs);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
