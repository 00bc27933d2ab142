import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { resetMail } from '../src/auth/reset-mail';
import { createMailer } from '../src/mail';
import { decodeMessage, startMailSink } from './support/mail-sink';

const message = {
  to: 'user@example.com',
  subject: '重置您的 capshelf 密码',
  text: '链接：http://x.test/reset-password?token=abc_DEF-123',
};
const logger = createLogger('silent');

describe('mailer', () => {
  it('delivers over SMTP to a real server when SMTP_URL is set', async () => {
    const sink = await startMailSink();
    try {
      const mailer = createMailer(
        {
          smtpUrl: `smtp://127.0.0.1:${sink.port}`,
          from: 'capshelf <no-reply@x.test>',
          outboxDir: '/nonexistent',
        },
        logger,
      );
      await mailer.send(message);
      expect(sink.mails).toHaveLength(1);
      expect(sink.mails[0]).toMatchObject({ to: ['user@example.com'], subject: message.subject });
      expect(sink.mails[0]!.text).toContain('token=abc_DEF-123');
    } finally {
      await sink.close();
    }
  });

  it('writes a complete .eml into the outbox when no SMTP server is configured', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'capshelf-mail-')), 'outbox');
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'capshelf <no-reply@x.test>', outboxDir },
      logger,
    );
    await mailer.send(message);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const decoded = decodeMessage(readFileSync(path.join(outboxDir, files[0]!), 'latin1'));
    expect(decoded.subject).toBe(message.subject);
    expect(decoded.text).toContain('token=abc_DEF-123');
  });

  it('writes the outbox reset mail so its link can be copied from the file as it stands', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'capshelf-mail-')), 'outbox');
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'capshelf <no-reply@x.test>', outboxDir },
      logger,
    );
    // A real token's length and alphabet: with the origin the line is longer than 76 characters.
    const link = `http://capshelf.example.test:8000/reset-password?token=${'Xq7_-3'.repeat(8)}`;
    await mailer.send({
      to: 'user@example.com',
      ...resetMail('zh-CN', { name: '小明', minutes: 30, link }),
    });
    const [file] = readdirSync(outboxDir);
    const raw = readFileSync(path.join(outboxDir, file!), 'utf8');
    expect(raw.split('\r\n')).toContain(link);
    expect(raw).toContain('您好 小明，\r\n');
    // No quoted-printable anywhere in the body: no `=3D`, no soft line break.
    expect(raw.slice(raw.indexOf('\r\n\r\n'))).not.toMatch(/=3D|=\r\n/);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
  });

  it('greets an account with no display name without a stray space', () => {
    expect(resetMail('zh-CN', { name: '', minutes: 30, link: 'x' }).text).toMatch(/^您好，\n/);
    expect(resetMail('en', { name: '', minutes: 30, link: 'x' }).text).toMatch(/^Hello,\n/);
  });
});
