import type { NotificationChannel, NotificationChannelsResponse } from '@capshelf/contract';
import { expect } from 'vitest';
import type { BrowseApp } from './browse';

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
    drain: () => t.services.notificationWorker.drain(),
    /**
     * Drains until `count()` is `expected`: a download's event is queued just after its task's
     * status is written, so a test that saw the status may be a moment ahead of it.
     */
    async drainUntil(count: () => number, expected: number) {
      await expect
        .poll(async () => {
          await t.services.notificationWorker.drain();
          return count();
        })
        .toBe(expected);
    },
  };
}
