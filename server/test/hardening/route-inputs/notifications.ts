import { choice, slot, type RouteInputs, type Samples } from '../route-slots';

/** The one name the hardening app lets webhooks reach besides public addresses; it never resolves. */
export const WEBHOOK_HOST = 'hooks.capshelf.test';
export const WEBHOOK_URL = `http://${WEBHOOK_HOST}/fixture-hook`;

const events = (required: boolean) =>
  slot('choice-list', ['new_episodes'], { required, min: 1, max: 5 });

/** The caller's own notification channels (a session only: never a token). */
export function notificationInputs(s: Samples): Record<string, RouteInputs> {
  const id = { id: slot('row-id', s.channelId) };
  return {
    'GET /api/notifications/channels': {},
    'POST /api/notifications/channels': {
      body: {
        type: choice('webhook', true),
        format: choice('json', true),
        url: slot('webhook-url', WEBHOOK_URL, { required: true }),
        events: events(false),
      },
    },
    'PATCH /api/notifications/channels/:id': { params: id, body: { events: events(true) } },
    'DELETE /api/notifications/channels/:id': { params: id },
    'POST /api/notifications/channels/:id/test': { params: id },
  };
}
