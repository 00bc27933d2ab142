import {
  NOTIFICATION_CHANNELS_PER_USER,
  NotificationEvent,
  type CreateChannelRequest,
  type NotificationChannel,
  type NotificationChannelsResponse,
  type WebhookFormat,
} from '@capshelf/contract';
import type { z } from 'zod';
import { badRequest, conflict, notFound, tooManyRequests } from '../errors';
import type { Logger } from '../logger';
import type { Wakeups } from '../wakeups';
import type { TargetPolicy } from './addresses';
import type { DownloadEvent, EventBuilder, NotificationEventInput } from './events';
import type { QuotaFigures } from './texts';
import type { RateLimits } from '../auth/rate-limits';
import type { ChannelSender } from './sender';
import type { ChannelRow, ChannelStore } from './store';
import { parseWebhookUrl, pinTarget, TargetRefused, type Resolver } from './target';

type CreateChannel = z.output<typeof CreateChannelRequest>;
/** 发送测试 at most this often per channel. */
const TEST_SPACING_MS = 5000;
/**
 * …and this many per user a minute: channels made, tested and removed again would otherwise make
 * the server post to any public address as fast as one client can ask.
 */
const TESTS_PER_USER = 5;
const TEST_WINDOW_MS = 60_000;
const channelMissing = () => notFound('通知渠道不存在');

/**
 * Each user's notification channels, and the events that reach them: queued in the outbox (never
 * sent on the caller's time) for every channel of the event's user that wants it.
 */
export class NotificationsService {
  constructor(
    private readonly deps: {
      channels: ChannelStore;
      /** Each user's 发送测试 budget (counted in the database, across processes). */
      limits: RateLimits;
      /** Wakes the outbox workers of every process when a row is queued. */
      wakeups: Pick<Wakeups, 'notify'>;
      sender: ChannelSender;
      events: EventBuilder;
      policy: TargetPolicy;
      resolve: Resolver;
      emailAvailable: boolean;
      now: () => number;
      logger: Logger;
    },
  ) {}

  async list(userId: number): Promise<NotificationChannelsResponse> {
    const { channels } = this.deps;
    const [rows, pending, email] = await Promise.all([
      channels.list(userId),
      channels.pendingCounts(userId),
      channels.emailOf(userId),
    ]);
    return {
      channels: rows.map((row) => toChannel(row, pending.get(row.id) ?? 0, email)),
      email_available: this.deps.emailAvailable,
      max_channels: NOTIFICATION_CHANNELS_PER_USER,
    };
  }

  async create(userId: number, request: CreateChannel): Promise<NotificationChannel> {
    const { channels } = this.deps;
    const events = request.events ?? [...NotificationEvent.options];
    if (request.type === 'email') {
      if (!this.deps.emailAvailable) throw badRequest('服务器没有配置 SMTP_URL，不能发送邮件通知');
      if ((await channels.list(userId)).some((c) => c.type === 'email')) {
        throw conflict('已经有邮件通知渠道');
      }
    } else {
      await this.checkTarget(request.url);
    }
    const row = await channels.create(
      userId,
      request.type === 'email'
        ? { type: 'email', format: null, url: null }
        : { type: 'webhook', format: request.format, url: request.url },
      events,
      NOTIFICATION_CHANNELS_PER_USER,
      new Date(this.deps.now()).toISOString(),
    );
    if (!row) throw conflict(`最多只能添加 ${NOTIFICATION_CHANNELS_PER_USER} 个通知渠道`);
    return toChannel(row, 0, await channels.emailOf(userId));
  }

  async setEvents(userId: number, id: number, events: NotificationEvent[]) {
    if (!(await this.deps.channels.setEvents(userId, id, events))) throw channelMissing();
    return this.one(userId, id);
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.deps.channels.remove(userId, id))) throw channelMissing();
  }

  /** 发送测试: one attempt now, its result recorded as the channel's last delivery. */
  async test(userId: number, id: number): Promise<NotificationChannel> {
    const { channels, sender, events, now } = this.deps;
    const channel = await channels.get(userId, id);
    if (!channel) throw channelMissing();
    const last = channel.last_at ? Date.parse(channel.last_at) : 0;
    const spacing = Math.ceil((last + TEST_SPACING_MS - now()) / 1000);
    const wait =
      spacing > 0
        ? spacing
        : await this.deps.limits.hit(`notify-test:${userId}`, TESTS_PER_USER, TEST_WINDOW_MS);
    if (wait > 0) throw tooManyRequests(`请在 ${wait} 秒后再发送测试`, wait);
    const locale = await channels.localeOf(userId);
    const { final: _final, ...result } = await sender.send(channel, events.test(locale));
    await channels.recordResult(channel.id, result);
    return this.one(userId, id);
  }

  /**
   * A followed work's new episodes: one event per follower (whatever their follow's mode), each
   * in the follower's language.
   */
  async newEpisodes(
    work: Parameters<EventBuilder['newEpisodes']>[0],
    added: Parameters<EventBuilder['newEpisodes']>[1],
  ): Promise<void> {
    const { channels, events } = this.deps;
    for (const follower of await channels.followersOf(work)) {
      const input = events.newEpisodes(work, added, follower.locale);
      await this.enqueue(follower.id, 'new_episodes', input);
    }
  }

  /** A download task finished, failed or paused: its owner's event, in their language. */
  async download(event: DownloadEvent, taskId: string): Promise<void> {
    const { channels, events } = this.deps;
    try {
      const task = await channels.downloadTask(taskId);
      if (!task) return;
      const locale = await channels.localeOf(task.user_id);
      await this.enqueue(task.user_id, event, events.download(event, task, locale));
    } catch (error) {
      this.deps.logger.warn({ err: error, task: taskId, event }, 'notification not queued');
    }
  }

  /**
   * The user's kept archives went over their quota, so new automatic downloads wait: queued for
   * their channels that want `download_quota`, at most once a day however often it is called.
   * Never throws (a failure is logged).
   */
  async queueQuotaNotice(userId: number, figures: QuotaFigures): Promise<void> {
    try {
      const locale = await this.deps.channels.localeOf(userId);
      const input = this.deps.events.quota({ id: userId, locale }, figures);
      await this.enqueue(userId, 'download_quota', input);
    } catch (error) {
      this.deps.logger.warn({ err: error, user: userId }, 'quota notice not queued');
    }
  }

  /** Queues without ever throwing at the event's source; the worker sends it in the background. */
  private async enqueue(userId: number, event: NotificationEvent, input: NotificationEventInput) {
    try {
      const at = new Date(this.deps.now()).toISOString();
      if ((await this.deps.channels.enqueue(userId, event, input, at)) > 0)
        this.deps.wakeups.notify('notifications');
    } catch (error) {
      this.deps.logger.warn({ err: error, user: userId, event }, 'notification not queued');
    }
  }

  /** A host the admin listed by name is taken as it is; any other must resolve to allowed addresses. */
  private async checkTarget(url: string): Promise<void> {
    try {
      if (this.deps.policy.allowsName(parseWebhookUrl(url).hostname)) return;
      await pinTarget(url, this.deps.policy, this.deps.resolve);
    } catch (error) {
      if (error instanceof TargetRefused) throw badRequest(error.message);
      throw error;
    }
  }

  private async one(userId: number, id: number): Promise<NotificationChannel> {
    const { channels } = this.deps;
    const row = await channels.get(userId, id);
    if (!row) throw channelMissing();
    const pending = await channels.pendingCounts(userId);
    return toChannel(row, pending.get(id) ?? 0, await channels.emailOf(userId));
  }
}

function toChannel(row: ChannelRow, pending: number, email: string | null): NotificationChannel {
  return {
    id: row.id,
    type: row.type,
    format: row.type === 'webhook' ? (row.format as WebhookFormat) : null,
    target: row.type === 'webhook' ? (row.url ?? '') : (email ?? ''),
    events: JSON.parse(row.events) as NotificationEvent[],
    created_at: row.created_at,
    last_delivery: row.last_at
      ? {
          at: row.last_at,
          ok: row.last_ok === 1,
          status: row.last_status,
          error: row.last_error,
        }
      : null,
    pending,
  };
}
