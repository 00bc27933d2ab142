import type { Kysely } from 'kysely';
import { RateLimits } from '../auth/rate-limits';
import type { Config } from '../config';
import type { Database } from '../db';
import type { Logger } from '../logger';
import type { Mailer } from '../mail';
import type { UrlBuilders } from '../upstream';
import type { Wakeups } from '../wakeups';
import { TargetPolicy } from './addresses';
import { EventBuilder } from './events';
import { OutboxStore } from './outbox-store';
import { ChannelSender } from './sender';
import { NotificationsService } from './service';
import { ChannelStore } from './store';
import { systemResolver, type Resolver } from './target';
import { OutboxWorker } from './worker';

/** The channels' service, and the worker that drains the outbox. */
export type Notifications = ReturnType<typeof createNotifications>;

/**
 * The notifications capability: channels, the outbox and its worker (started by `services.ts`
 * where the process runs jobs).
 */
export function createNotifications(deps: {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  builders: UrlBuilders;
  logger: Logger;
  now: () => number;
  /** Name lookups of webhook hosts (tests answer their own). */
  resolve?: Resolver;
  wakeups: Wakeups;
}) {
  const { db, config, mailer, now } = deps;
  const logger = deps.logger.child({ module: 'notifications' });
  const channels = new ChannelStore(db);
  const policy = new TargetPolicy(config.notifications.allowedHosts);
  const resolve = deps.resolve ?? systemResolver;
  const sender = new ChannelSender({
    policy,
    resolve,
    mailer,
    now,
    emailOf: (userId) => channels.emailOf(userId),
  });
  const { wakeups } = deps;
  const outbox = new OutboxStore(db);
  const worker = new OutboxWorker({ outbox, channels, sender, now, logger, wakeups });
  const service = new NotificationsService({
    limits: new RateLimits(db),
    channels,
    wakeups,
    sender,
    policy,
    resolve,
    now,
    logger,
    events: new EventBuilder({ builders: deps.builders, publicUrl: config.publicUrl, now }),
    emailAvailable: Boolean(config.mail.smtpUrl),
  });
  return { service, worker };
}
