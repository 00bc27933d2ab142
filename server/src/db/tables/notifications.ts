import type { Generated } from 'kysely';

/** A user's notification channel (migration 025): e-mail or a webhook, with its last result. */
export interface NotificationChannelsTable {
  id: Generated<number>;
  user_id: number;
  type: 'email' | 'webhook';
  /** 'json' | 'ntfy' | 'discord' for webhooks; null for e-mail. */
  format: string | null;
  url: string | null;
  /** JSON list of the events the channel wants. */
  events: string;
  created_at: string;
  last_at: string | null;
  last_ok: number | null;
  last_status: number | null;
  last_error: string | null;
}

/**
 * One event to deliver to one channel. While `sending`, `next_attempt_at` is the claim's end: a
 * row whose process died is due again then.
 */
export interface NotificationOutboxTable {
  id: Generated<number>;
  user_id: number;
  channel_id: number;
  event: string;
  event_key: string;
  /** JSON of the event as the formats read it. */
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  created_at: string;
}
