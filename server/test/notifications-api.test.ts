import { NOTIFICATION_CHANNELS_PER_USER } from '@capshelf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContractError } from './hardening/checks';
import { databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { notificationCalls } from './support/notifications';
import { startWebhookSink, type WebhookSink } from './support/webhook-sink';

let t: BrowseApp;
let sink: WebhookSink;
let n: ReturnType<typeof notificationCalls>;
beforeAll(async () => {
  sink = await startWebhookSink();
  t = await startBrowseApp({ NOTIFY_ALLOWED_HOSTS: '127.0.0.1' });
  n = notificationCalls(t);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe(`notification channels (${databaseKind})`, () => {
  it('adds, lists, changes, tests and deletes a webhook; each test shows its result', async () => {
    const alice = await t.userHeaders('chan-alice@example.com');
    const empty = await n.list(alice);
    // No SMTP_URL here: e-mail is not offered, and refused when asked for.
    expect(empty).toEqual({ channels: [], email_available: false, max_channels: 10 });
    const email = await n.call('POST', '', alice, { type: 'email' });
    expectContractError(email, 400);
    expect(email.json().detail).toMatch(/SMTP_URL/);

    const hook = await n.webhook(alice, 'discord', `${sink.origin}/a`);
    expect(hook).toMatchObject({
      type: 'webhook',
      format: 'discord',
      target: `${sink.origin}/a`,
      events: [
        'new_episodes',
        'download_finished',
        'download_failed',
        'download_paused',
        'download_quota',
      ],
      last_delivery: null,
      pending: 0,
    });
    const changed = await n.call('PATCH', `/${hook.id}`, alice, {
      events: ['download_failed', 'download_failed'],
    });
    expect(changed.json()).toMatchObject({ events: ['download_failed'] });

    const tested = await n.call('POST', `/${hook.id}/test`, alice);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().last_delivery).toMatchObject({ ok: true, status: 204, error: null });
    const [received] = sink.at('/a');
    expect(JSON.parse(received!.body)).toMatchObject({ content: 'capshelf 测试通知' });
    // A second test at once is held back, with the contract's error.
    expectContractError(await n.call('POST', `/${hook.id}/test`, alice), 429);

    // A failing receiver: the test answers, and the channel shows the status.
    sink.answer('/broken', 500);
    const broken = await n.webhook(alice, 'ntfy', `${sink.origin}/broken`);
    const failed = await n.call('POST', `/${broken.id}/test`, alice);
    expect(failed.json().last_delivery).toMatchObject({
      ok: false,
      status: 500,
      error: 'HTTP 500',
    });
    // A redirect is not followed.
    sink.answer('/moved', 302);
    const moved = await n.webhook(alice, 'json', `${sink.origin}/moved`);
    const redirected = await n.call('POST', `/${moved.id}/test`, alice);
    expect(redirected.json().last_delivery).toMatchObject({ ok: false, status: 302 });
    expect(sink.at('/redirected')).toEqual([]);

    const listed = await n.list(alice);
    expect(listed.channels.map((c) => c.id)).toEqual([hook.id, broken.id, moved.id]);
    const removed = await n.call('DELETE', `/${hook.id}`, alice);
    expect(removed.json()).toEqual({ success: true });
    expect((await n.list(alice)).channels).toHaveLength(2);
    expectContractError(await n.call('DELETE', `/${hook.id}`, alice), 404);
  });

  it('keeps each user to their own channels: another user can neither see, test, change nor delete them', async () => {
    const alice = await t.userHeaders('own-alice@example.com');
    const bob = await t.userHeaders('own-bob@example.com');
    const hook = await n.webhook(alice, 'json', `${sink.origin}/private-alice`);
    expect((await n.list(bob)).channels).toEqual([]);
    for (const [method, url, payload] of [
      ['POST', `/${hook.id}/test`, undefined],
      ['PATCH', `/${hook.id}`, { events: ['download_failed'] }],
      ['DELETE', `/${hook.id}`, undefined],
    ] as const) {
      expectContractError(await n.call(method, url, bob, payload), 404);
    }
    expect(sink.at('/private-alice')).toEqual([]);
    expect((await n.list(alice)).channels).toMatchObject([{ id: hook.id, events: hook.events }]);
  });

  it('keeps each user to a few tests a minute however many channels they make and remove', async () => {
    const mallory = await t.userHeaders('churn-mallory@example.com');
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const hook = await n.webhook(mallory, 'json', `${sink.origin}/churn?n=${i}`);
      answers.push((await n.call('POST', `/${hook.id}/test`, mallory)).statusCode);
      await n.call('DELETE', `/${hook.id}`, mallory);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(5);
    expect(answers.slice(5).every((status) => status === 429)).toBe(true);
    expect(sink.received.filter((r) => r.path.startsWith('/churn'))).toHaveLength(5);
    // Another user's tests are not held back by hers.
    const trent = await t.userHeaders('churn-trent@example.com');
    const own = await n.webhook(trent, 'json', `${sink.origin}/trent`);
    expect((await n.call('POST', `/${own.id}/test`, trent)).statusCode).toBe(200);
  });

  it(`holds at most ${NOTIFICATION_CHANNELS_PER_USER} channels per user`, async () => {
    const carol = await t.userHeaders('many-carol@example.com');
    for (let i = 0; i < NOTIFICATION_CHANNELS_PER_USER; i++) {
      await n.webhook(carol, 'json', `${sink.origin}/many/${i}`);
    }
    const over = await n.call('POST', '', carol, {
      type: 'webhook',
      format: 'json',
      url: `${sink.origin}/many/over`,
    });
    expectContractError(over, 409);
    expect((await n.list(carol)).channels).toHaveLength(NOTIFICATION_CHANNELS_PER_USER);
    // Another user is not held back by Carol's channels.
    await n.webhook(await t.userHeaders('many-dave@example.com'), 'json', `${sink.origin}/dave`);
  });

  it('refuses personal access tokens: channels hold webhook secrets', async () => {
    const alice = await t.userHeaders('token-alice@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/tokens',
      headers: alice,
      payload: {
        current_password: 'UserPass123',
        name: 'all',
        scopes: ['read', 'download', 'favorites'],
      },
    });
    const token = { authorization: `Bearer ${created.json().token}` };
    expectContractError(await n.call('GET', '', token), 403);
  });
});
