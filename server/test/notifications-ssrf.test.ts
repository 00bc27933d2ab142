import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TargetPolicy } from '../src/notifications/addresses';
import { ChannelSender } from '../src/notifications/sender';
import type { ChannelRow } from '../src/notifications/store';
import { pinTarget, type Resolver } from '../src/notifications/target';
import { expectContractError } from './hardening/checks';
import { CapturingMailer, databaseKind } from './helpers';
import { startBrowseApp, type BrowseApp } from './support/browse';
import { notificationCalls } from './support/notifications';
import { startWebhookSink, type WebhookSink } from './support/webhook-sink';

let sink: WebhookSink;
let closed: BrowseApp;
let allowing: BrowseApp;
beforeAll(async () => {
  sink = await startWebhookSink();
  closed = await startBrowseApp();
  allowing = await startBrowseApp({ NOTIFY_ALLOWED_HOSTS: '127.0.0.0/8,fd00::/8' });
});
afterAll(async () => {
  await closed?.close();
  await allowing?.close();
  await sink.close();
});

const channel = (url: string): ChannelRow => ({
  ...{ id: 1, user_id: 1, type: 'webhook', format: 'json', url, events: '[]' },
  ...{ created_at: '', last_at: null, last_ok: null, last_status: null, last_error: null },
});
const sender = (allowed: string[], resolve: Resolver) =>
  new ChannelSender({
    policy: new TargetPolicy(allowed),
    resolve,
    mailer: new CapturingMailer(),
    emailOf: () => Promise.resolve(null),
    now: Date.now,
  });
const payload = {
  event: 'test' as const,
  occurred_at: new Date().toISOString(),
  title: 't',
  text: 'x',
  link: 'http://capshelf.test:8000/',
};

describe(`webhook targets (${databaseKind})`, () => {
  it('refuses internal addresses unless NOTIFY_ALLOWED_HOSTS lists them, the same URL accepted when listed', async () => {
    const port = new URL(sink.origin).port;
    const internal = [
      `${sink.origin}/hook`,
      `http://localhost:${port}/hook`,
      `http://[::1]:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      'http://10.1.2.3/hook',
      'http://[fd00::1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/hook',
      'http://0.0.0.0/hook',
    ];
    const headers = await closed.userHeaders('ssrf@example.com');
    const n = notificationCalls(closed);
    for (const url of internal) {
      const res = await n.call('POST', '', headers, { type: 'webhook', format: 'json', url });
      expectContractError(res, 400);
      expect(res.json().detail, url).toMatch(/内部地址.*NOTIFY_ALLOWED_HOSTS/);
    }
    for (const url of ['ftp://example.com/x', 'http://user:pw@example.com/x', 'not a url']) {
      expectContractError(
        await n.call('POST', '', headers, { type: 'webhook', format: 'json', url }),
        400,
      );
    }
    expect((await n.list(headers)).channels).toEqual([]);
    expect(sink.received).toEqual([]);

    // With 127.0.0.0/8 and fd00::/8 listed, the same addresses are accepted and reached.
    const allowed = notificationCalls(allowing);
    const user = await allowing.userHeaders('ssrf-allowed@example.com');
    const hook = await allowed.webhook(user, 'json', `${sink.origin}/hook`);
    await allowed.webhook(user, 'json', 'http://[fd00::1]/hook');
    const tested = await allowed.call('POST', `/${hook.id}/test`, user);
    expect(tested.json().last_delivery).toMatchObject({ ok: true, status: 204 });
    expect(sink.at('/hook')).toHaveLength(1);
    // Still no other private range.
    expectContractError(
      await allowed.call('POST', '', user, {
        type: 'webhook',
        format: 'json',
        url: 'http://10.0.0.1/',
      }),
      400,
    );
  });

  it('checks again at delivery: a name that now resolves inside is refused and nothing is sent', async () => {
    const port = new URL(sink.origin).port;
    let answer = '93.184.215.14';
    const rebinding: Resolver = () => Promise.resolve([{ address: answer, family: 4 }]);
    const url = `http://rebind.example:${port}/rebind`;
    // Public when the channel was added…
    await expect(pinTarget(url, new TargetPolicy([]), rebinding)).resolves.toMatchObject({
      address: '93.184.215.14',
    });
    // …and loopback by the time of the delivery.
    answer = '127.0.0.1';
    const result = await sender([], rebinding).send(channel(url), payload);
    expect(result).toMatchObject({ ok: false, status: null, final: true });
    expect(result.error).toMatch(/内部地址 127\.0\.0\.1/);
    // One public and one private answer: refused too (the private one could be the one used).
    const mixed: Resolver = () =>
      Promise.resolve([
        { address: '93.184.215.14', family: 4 },
        { address: '::1', family: 6 },
      ]);
    const both = await sender([], mixed).send(channel(`http://mixed.example:${port}/m`), payload);
    expect(both).toMatchObject({ ok: false, final: true });
    expect(sink.at('/rebind')).toEqual([]);
    expect(sink.at('/m')).toEqual([]);
  });

  it('connects to the address it checked, whatever the name would resolve to later', async () => {
    const port = new URL(sink.origin).port;
    // The name is no real one: only the checked answer can have carried the request to the sink.
    const pinned: Resolver = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    const result = await sender(['127.0.0.1'], pinned).send(
      channel(`http://pinned.capshelf.test:${port}/pinned`),
      payload,
    );
    expect(result).toMatchObject({ ok: true, status: 204 });
    const [hit] = sink.at('/pinned');
    expect(hit!.headers.host).toBe(`pinned.capshelf.test:${port}`);
  });
});
