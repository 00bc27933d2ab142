import { z } from 'zod';
import { validationMessages } from './messages';

/**
 * What a channel may be told: a followed work's new episodes, a download's end or pause, and the
 * owner's kept archives going over their quota (new automatic downloads then wait).
 */
export const NotificationEvent = z.enum([
  'new_episodes',
  'download_finished',
  'download_failed',
  'download_paused',
  'download_quota',
]);
export type NotificationEvent = z.infer<typeof NotificationEvent>;

/** How a webhook's request is shaped: generic JSON, ntfy's publish API, or a Discord webhook. */
export const WebhookFormat = z.enum(['json', 'ntfy', 'discord']);
export type WebhookFormat = z.infer<typeof WebhookFormat>;

export const NOTIFICATION_CHANNELS_PER_USER = 10;

/** The events a channel wants: each at most once; unset, every event. */
const ChannelEvents = z
  .array(NotificationEvent)
  .min(1, validationMessages.notificationEventsEmpty)
  .max(NotificationEvent.options.length)
  .transform((events) => [...new Set(events)]);

/** `POST /api/notifications/channels`: a webhook (http/https, a public address) or e-mail. */
export const CreateChannelRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('webhook'),
    format: WebhookFormat,
    url: z.string().trim().min(1, validationMessages.webhookUrlMissing).max(2000),
    events: ChannelEvents.optional(),
  }),
  z.object({ type: z.literal('email'), events: ChannelEvents.optional() }),
]);
export type CreateChannelRequest = z.input<typeof CreateChannelRequest>;

/** `PATCH /api/notifications/channels/:id`: the events the channel wants. */
export const ChangeChannelRequest = z.object({ events: ChannelEvents });
export type ChangeChannelRequest = z.input<typeof ChangeChannelRequest>;

export const ChannelIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The channel's last delivery: when, and the HTTP status or the error (null: never sent). */
export const ChannelDelivery = z.object({
  at: z.string(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type ChannelDelivery = z.infer<typeof ChannelDelivery>;

export const NotificationChannel = z.object({
  id: z.number().int(),
  type: z.enum(['webhook', 'email']),
  format: WebhookFormat.nullable(),
  /** The webhook's address, or the account's e-mail address. */
  target: z.string(),
  events: z.array(NotificationEvent),
  created_at: z.string(),
  last_delivery: ChannelDelivery.nullable(),
  /** Events waiting for delivery (retries included). */
  pending: z.number().int(),
});
export type NotificationChannel = z.infer<typeof NotificationChannel>;

export const NotificationChannelsResponse = z.object({
  channels: z.array(NotificationChannel),
  /** E-mail is offered only when the server can send mail (SMTP_URL). */
  email_available: z.boolean(),
  max_channels: z.number().int(),
});
export type NotificationChannelsResponse = z.infer<typeof NotificationChannelsResponse>;

export const DeleteChannelResponse = z.object({ success: z.literal(true) });
