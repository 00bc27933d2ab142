import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise each mail is written to DATA_DIR/outbox as an .eml file. */
export function createMailer(config: Config['mail'], logger: Logger): Mailer {
  if (config.smtpUrl) {
    // Nodemailer waits 30 s for a greeting and 10 min on a silent socket: a hung SMTP server
    // would hold a delivery slot (and a shutdown) that long. The URL's own settings still win.
    const url = config.smtpUrl;
    // Nodemailer is loaded with the first mail: most servers send none for days (~2 MB saved).
    let transport: Promise<Transporter> | undefined;
    const transportOnce = () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          url,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
      ));
    return {
      async send(message) {
        await (await transportOnce()).sendMail({ from: config.from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
    };
  }
  return {
    async send(message) {
      await mkdir(config.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(config.outboxDir, name);
      await writeFile(`${file}.tmp`, await readableMessage({ from: config.from, ...message }));
      await rename(`${file}.tmp`, file);
      // Where the mail is, never what it says: the text holds the reset link and its token.
      logger.info({ to: message.to, file }, 'mail written to outbox (no SMTP_URL); open the file');
    },
  };
}

/**
 * The .eml of a mail that a person opens as a file: the text as written (8-bit UTF-8, CRLF lines),
 * so the link in it can be copied. Nodemailer always encodes non-ASCII text quoted-printable, which
 * over SMTP is right (the SMTP branch keeps it) but in a file shows `token=3D…` split across lines.
 */
async function readableMessage(message: MailMessage & { from: string }): Promise<Buffer> {
  const text = message.text.replace(/\r?\n/g, '\r\n');
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const root = new MailComposer({ ...message, text }).compile();
  // A file is no SMTP hop: 8-bit content needs no transfer encoding (RFC 6152's 8BITMIME body).
  root.getTransferEncoding = () => '8bit';
  return root.build();
}
