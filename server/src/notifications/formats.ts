import type { WebhookFormat } from '@capshelf/contract';
import type { WebhookRequest } from './http-post';
import type { NotificationPayload } from './payload';

/** ntfy's tags (emoji short codes) per event. */
const NTFY_TAGS: Record<NotificationPayload['event'], string> = {
  new_episodes: 'tv',
  download_finished: 'white_check_mark',
  download_failed: 'x',
  download_paused: 'pause_button',
  download_quota: 'floppy_disk',
  test: 'bell',
};
/** Discord embed colours: green, red, amber, blue. */
const DISCORD_COLOURS: Record<NotificationPayload['event'], number> = {
  new_episodes: 0x2563eb,
  download_finished: 0x16a34a,
  download_failed: 0xdc2626,
  download_paused: 0xd97706,
  download_quota: 0xd97706,
  test: 0x2563eb,
};

/** A header value outside ASCII as one RFC 2047 encoded word (ntfy decodes them). */
function headerText(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  return `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * The request a webhook of `format` receives for an event: generic JSON (the payload itself),
 * ntfy's publish API (the text as the body, Title/Tags/Click headers) or Discord's execute-webhook
 * JSON (`content` plus one embed, inside Discord's length limits, mentioning no one).
 */
export function webhookRequest(
  format: WebhookFormat,
  payload: NotificationPayload,
): WebhookRequest {
  switch (format) {
    case 'json':
      return {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      };
    case 'ntfy':
      return {
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          title: headerText(cut(payload.title, 200)),
          tags: NTFY_TAGS[payload.event],
          click: payload.link,
        },
        body: payload.text,
      };
    case 'discord':
      return {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          content: cut(payload.title, 2000),
          embeds: [
            {
              title: cut(payload.title, 256),
              description: cut(payload.text, 4000),
              url: payload.link,
              timestamp: payload.occurred_at,
              color: DISCORD_COLOURS[payload.event],
            },
          ],
          allowed_mentions: { parse: [] },
        }),
      };
  }
}
