import type { WebhookFormat } from '@capshelf/contract';
import type { Mailer } from '../mail';
import type { TargetPolicy } from './addresses';
import { webhookRequest } from './formats';
import { postPinned } from './http-post';
import type { NotificationPayload } from './payload';
import type { ChannelRow, DeliveryResult } from './store';
import { pinTarget, TargetRefused, type Resolver } from './target';

/** One attempt's result; `final`: trying again cannot help (the address is refused). */
export type Attempt = DeliveryResult & { final: boolean };

/**
 * Sends one event to one channel, once: a webhook to its checked, pinned address (checked again
 * at every delivery, since a name may now point elsewhere), or a mail to the account's address.
 */
export class ChannelSender {
  constructor(
    private readonly deps: {
      policy: TargetPolicy;
      resolve: Resolver;
      mailer: Mailer;
      emailOf: (userId: number) => Promise<string | null>;
      now: () => number;
    },
  ) {}

  async send(channel: ChannelRow, payload: NotificationPayload): Promise<Attempt> {
    const at = () => new Date(this.deps.now()).toISOString();
    try {
      if (channel.type === 'email') return { ...(await this.mail(channel, payload)), at: at() };
      const target = await pinTarget(channel.url ?? '', this.deps.policy, this.deps.resolve);
      const result = await postPinned(
        target,
        webhookRequest(channel.format as WebhookFormat, payload),
      );
      return result.ok
        ? { at: at(), ok: true, status: result.status, error: null, final: false }
        : { at: at(), ok: false, status: result.status, error: result.error, final: false };
    } catch (error) {
      const refused = error instanceof TargetRefused;
      const message = error instanceof Error ? error.message : String(error);
      return { at: at(), ok: false, status: null, error: message.slice(0, 300), final: refused };
    }
  }

  private async mail(channel: ChannelRow, payload: NotificationPayload) {
    const to = await this.deps.emailOf(channel.user_id);
    if (!to) return { ok: false, status: null, error: '账户没有邮箱地址', final: true };
    await this.deps.mailer.send({
      to,
      subject: payload.title,
      text: `${payload.text}\n\n${payload.link}\n`,
    });
    return { ok: true, status: null, error: null, final: false };
  }
}
