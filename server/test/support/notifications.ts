import type { NotificationChannel, NotificationChannelsResponse } from '@capshelf/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import type { BrowseApp } from './browse';
import { startFollowsApp } from './follows';
import { startWebhookSink } from './webhook-sink';

type Headers = { authorization: string };

/** Calls of the notification routes for a test app. */
export function notificationCalls(t: BrowseApp) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => t.app.inject({ method, url: `/api/notifications/channels${url}`, headers, payload });
  return {
    call,
    async add(headers: Headers, body: object): Promise<NotificationChannel> {
      const res = await call('POST', '', headers, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<NotificationChannel>();
    },
    async webhook(headers: Headers, format: string, url: string, events?: string[]) {
      return this.add(headers, { type: 'webhook', format, url, ...(events ? { events } : {}) });
    },
    async list(headers: Headers): Promise<NotificationChannelsResponse> {
      const res = await call('GET', '', headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<NotificationChannelsResponse>();
    },
    /** Sends everything queued and due now, and waits for it. */
    drain: () => t.services.notifications.worker.drain(),
    /**
     * Drains until `count()` is `expected`: a download's event is queued just after its task's
     * status is written, so a test that saw the status may be a moment ahead of it.
     */
    async drainUntil(count: () => number, expected: number) {
      await expect
        .poll(async () => {
          await t.services.notifications.worker.drain();
          return count();
        })
        .toBe(expected);
    },
  };
}

/**
 * The follows app (a clock the test moves) with a webhook sink on loopback, which only the admin's
 * allow-list (`NOTIFY_ALLOWED_HOSTS=127.0.0.1`) lets webhooks reach.
 */
export async function startNotifyApp() {
  const sink = await startWebhookSink();
  const f = await startFollowsApp({ NOTIFY_ALLOWED_HOSTS: '127.0.0.1' });
  return {
    f,
    sink,
    n: notificationCalls(f.t),
    async close() {
      sink.release();
      await f.t.close();
      await sink.close();
    },
  };
}

export type NotifyApp = Awaited<ReturnType<typeof startNotifyApp>>;

/** One NotifyApp for the file's tests: started before them, handed to `use`, closed after. */
export function notifyAppPerFile(use: (app: NotifyApp) => void) {
  let app: NotifyApp | undefined;
  beforeAll(async () => {
    app = await startNotifyApp();
    use(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}
