import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { createTask, ids, ownUrl, waitForEnd } from './support/downloads';
import { startMailSink } from './support/mail-sink';
import { notificationCalls } from './support/notifications';

let t: BrowseApp;
let mail: Awaited<ReturnType<typeof startMailSink>>;
let n: ReturnType<typeof notificationCalls>;
beforeAll(async () => {
  mail = await startMailSink();
  // The real mailer over SMTP (not the capturing one): `outbox` keeps createMailer.
  t = await startBrowseApp({ SMTP_URL: `smtp://127.0.0.1:${mail.port}` }, { outbox: true });
  n = notificationCalls(t);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe(`e-mail notifications (${databaseKind})`, () => {
  it('offers e-mail with SMTP_URL set, and mails the account its test and its download events', async () => {
    const alice = await t.userHeaders('mail-alice@example.com');
    const bob = await t.userHeaders('mail-bob@example.com');
    expect((await n.list(alice)).email_available).toBe(true);
    const channel = await n.add(alice, { type: 'email' });
    expect(channel).toMatchObject({
      type: 'email',
      format: null,
      target: 'mail-alice@example.com',
    });
    // One e-mail channel per account.
    expect((await n.call('POST', '', alice, { type: 'email' })).statusCode).toBe(409);
    await n.add(bob, { type: 'email', events: ['new_episodes'] });

    const tested = await n.call('POST', `/${channel.id}/test`, alice);
    expect(tested.json().last_delivery).toMatchObject({ ok: true, error: null });
    expect(mail.mails).toMatchObject([
      { to: ['mail-alice@example.com'], subject: 'capshelf 测试通知' },
    ]);

    const created = await createTask(
      t,
      { image_urls: [ownUrl(ids[0]!, 'thumb')], filename_prefix: 'mailed' },
      alice,
    );
    expect((await waitForEnd(t, created.json().download_id, alice)).status).toBe('completed');
    await n.drainUntil(() => mail.mails.length, 2);
    expect(mail.mails[1]).toMatchObject({ to: ['mail-alice@example.com'] });
    expect(mail.mails[1]!.subject).toMatch(/^下载完成：mailed/);
    expect(mail.mails[1]!.text).toContain('已打包 1 张图片');
    // Bob's channel wants new episodes only, and the download was Alice's.
    expect(mail.mails.some((m) => m.to.includes('mail-bob@example.com'))).toBe(false);
  });
});
