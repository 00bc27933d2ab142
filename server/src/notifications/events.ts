import type { Locale, TaskReason } from '@capshelf/contract';
import type { Kind } from '../config';
import type { DownloadRow } from '../downloads/rows';
import { episodeLink, workLink, type UrlBuilders } from '../upstream';
import type { NotificationPayload } from './payload';
import { noticeTexts, type QuotaFigures, type TaskFigures } from './texts';

/** An event to queue: its payload, and a key that is the same when the same thing happens again. */
export interface NotificationEventInput {
  key: string;
  payload: NotificationPayload;
}

export type DownloadEvent = 'download_finished' | 'download_failed' | 'download_paused';

/** Whom an event is for: the account and its language (`users.locale`). */
export interface EventOwner {
  id: number;
  locale: Locale;
}

/**
 * Builds the events' payloads, in the owner's language (`texts.ts`), with links into this
 * capshelf (`publicUrl`) and to the source.
 */
export class EventBuilder {
  constructor(
    private readonly deps: { builders: UrlBuilders; publicUrl: string; now: () => number },
  ) {}

  /** Links to the episode's images when one episode was added, else to the work's episode list. */
  newEpisodes(
    work: { kind: Kind; work_id: number; title: string },
    added: { episode_id: number; label: string }[],
    locale: Locale,
  ): NotificationEventInput {
    const { builders, publicUrl } = this.deps;
    const page = workLink(builders, work.kind, work.work_id);
    const only = added.length === 1 ? added[0] : undefined;
    const link = only ? episodeLink(builders, work.kind, only.episode_id) : page;
    const texts = noticeTexts(locale).newEpisodes(
      work.title,
      added.map((e) => e.label),
    );
    return {
      key: `new_episodes:${work.kind}:${work.work_id}:${added.map((e) => e.episode_id).join(',')}`,
      payload: {
        event: 'new_episodes',
        occurred_at: this.at(),
        ...texts,
        link: `${publicUrl}${link.page_path}`,
        work: {
          kind: work.kind,
          id: work.work_id,
          title: work.title,
          link: `${publicUrl}${page.page_path}`,
          source_url: page.source_url,
        },
        episodes: added.map((e) => ({
          id: e.episode_id,
          label: e.label,
          link: `${publicUrl}${episodeLink(builders, work.kind, e.episode_id).page_path}`,
          source_url: episodeLink(builders, work.kind, e.episode_id).source_url,
        })),
      },
    };
  }

  /** A task's end or pause; its link opens the download tray at that task. */
  download(event: DownloadEvent, task: DownloadRow, locale: Locale): NotificationEventInput {
    const texts = noticeTexts(locale);
    const figures: TaskFigures = {
      name: task.file_name || task.id,
      done: task.done_count,
      failed: task.failed_count,
      reason: task.reason ? (JSON.parse(task.reason) as TaskReason) : null,
      note: event === 'download_paused' ? task.pause_reason : task.error,
    };
    const told =
      event === 'download_finished'
        ? { ...texts.finished(figures), reason: null }
        : event === 'download_failed'
          ? texts.failed(figures)
          : texts.paused(figures);
    return {
      // A task pauses and resumes as the source comes and goes: its first pause is told once.
      key: `${event}:${task.id}`,
      payload: {
        event,
        occurred_at: this.at(),
        title: told.title,
        text: told.text,
        link: `${this.deps.publicUrl}/?task=${encodeURIComponent(task.id)}`,
        task: {
          id: task.id,
          status: task.status,
          file_name: task.file_name,
          file_count: task.file_count,
          done_count: task.done_count,
          failed_count: task.failed_count,
          reason: told.reason,
        },
      },
    };
  }

  /**
   * The owner's kept archives went over their quota: told at most once a day (the key holds the
   * day, UTC); its link opens the download tray.
   */
  quota(user: EventOwner, figures: QuotaFigures): NotificationEventInput {
    const day = this.at().slice(0, 10);
    return {
      key: `download_quota:${user.id}:${day}`,
      payload: {
        event: 'download_quota',
        occurred_at: this.at(),
        ...noticeTexts(user.locale).quota(figures),
        link: `${this.deps.publicUrl}/?tray=1`,
        quota: {
          kept_bytes: figures.keptBytes,
          quota_bytes: figures.quotaBytes,
          waiting: figures.waiting,
        },
      },
    };
  }

  /** The 发送测试 button's message (sent at once, never queued). */
  test(locale: Locale): NotificationPayload {
    return {
      event: 'test',
      occurred_at: this.at(),
      ...noticeTexts(locale).test,
      link: `${this.deps.publicUrl}/profile`,
    };
  }

  private at(): string {
    return new Date(this.deps.now()).toISOString();
  }
}
