import type { Kind } from '../config';
import type { DownloadRow } from '../downloads/rows';
import { episodeLink, workLink, type UrlBuilders } from '../upstream';
import type { NotificationPayload } from './payload';

/** An event to queue: its payload, and a key that is the same when the same thing happens again. */
export interface NotificationEventInput {
  key: string;
  payload: NotificationPayload;
}

export type DownloadEvent = 'download_finished' | 'download_failed' | 'download_paused';

/** Builds the events' payloads with links into this capshelf (`publicUrl`) and to the source. */
export class EventBuilder {
  constructor(
    private readonly deps: { builders: UrlBuilders; publicUrl: string; now: () => number },
  ) {}

  newEpisodes(
    work: { kind: Kind; work_id: number; title: string },
    added: { episode_id: number; label: string }[],
  ): NotificationEventInput {
    const { builders, publicUrl } = this.deps;
    const link = workLink(builders, work.kind, work.work_id);
    const labels = added.map((e) => e.label).join('、');
    const title = `新剧集：${work.title}`;
    return {
      key: `new_episodes:${work.kind}:${work.work_id}:${added.map((e) => e.episode_id).join(',')}`,
      payload: {
        event: 'new_episodes',
        occurred_at: this.at(),
        title,
        text: `${work.title} 有 ${added.length} 集新剧集：${labels}`,
        link: `${publicUrl}${link.page_path}`,
        work: {
          kind: work.kind,
          id: work.work_id,
          title: work.title,
          link: `${publicUrl}${link.page_path}`,
          source_url: link.source_url,
        },
        episodes: added.map((e) => ({
          id: e.episode_id,
          label: e.label,
          source_url: episodeLink(builders, work.kind, e.episode_id).source_url,
        })),
      },
    };
  }

  download(event: DownloadEvent, task: DownloadRow): NotificationEventInput {
    const name = task.file_name || task.id;
    const texts: Record<DownloadEvent, [string, string]> = {
      download_finished: [
        `下载完成：${name}`,
        `已打包 ${task.done_count} 张图片` +
          (task.failed_count > 0 ? `，${task.failed_count} 张失败` : ''),
      ],
      download_failed: [`下载失败：${name}`, task.error ?? '下载任务失败'],
      download_paused: [`下载已暂停：${name}`, task.pause_reason ?? '源站暂时不可用，稍后自动继续'],
    };
    const [title, text] = texts[event];
    return {
      // A task pauses and resumes as the source comes and goes: its first pause is told once.
      key: `${event}:${task.id}`,
      payload: {
        event,
        occurred_at: this.at(),
        title,
        text,
        link: `${this.deps.publicUrl}/`,
        task: {
          id: task.id,
          status: task.status,
          file_name: task.file_name,
          file_count: task.file_count,
          done_count: task.done_count,
          failed_count: task.failed_count,
          reason:
            event === 'download_failed'
              ? task.error
              : event === 'download_paused'
                ? task.pause_reason
                : null,
        },
      },
    };
  }

  /** The 发送测试 button's message (sent at once, never queued). */
  test(): NotificationPayload {
    return {
      event: 'test',
      occurred_at: this.at(),
      title: 'capshelf 测试通知',
      text: '这是一条测试通知：此渠道可以收到 capshelf 的通知。',
      link: `${this.deps.publicUrl}/profile`,
    };
  }

  private at(): string {
    return new Date(this.deps.now()).toISOString();
  }
}
