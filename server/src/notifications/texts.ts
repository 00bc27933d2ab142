import type { Locale, TaskReason } from '@capshelf/contract';

/** A download task as its notice tells of it. */
export interface TaskFigures {
  name: string;
  done: number;
  failed: number;
  /** The task's reason code (null on tasks older than the codes). */
  reason: TaskReason | null;
  /** The task's own Chinese text of why it failed or paused (`error` / `pause_reason`). */
  note: string | null;
}

/** The kept archives against the owner's quota, and how many tasks wait for room. */
export interface QuotaFigures {
  keptBytes: number;
  quotaBytes: number;
  waiting: number;
}

/** Every text a notice, the test message or the Atom feed shows, in one language. */
export interface NoticeTexts {
  newEpisodes: (work: string, labels: string[]) => { title: string; text: string };
  finished: (task: TaskFigures) => { title: string; text: string };
  failed: (task: TaskFigures) => { title: string; text: string; reason: string };
  paused: (task: TaskFigures) => { title: string; text: string; reason: string };
  quota: (figures: QuotaFigures) => { title: string; text: string };
  test: { title: string; text: string };
  feed: { title: string; summary: (work: string, label: string) => string };
}

/** Bytes as the quota is set (`DOWNLOAD_KEEP_MAX`, binary GB), one decimal unless whole. */
const gb = (bytes: number) => `${Number((bytes / 1024 ** 3).toFixed(1))} GB`;
const plural = (count: number, one: string, other: string) =>
  `${count} ${count === 1 ? one : other}`;

/** Why an English user's task failed or paused, from its code (the stored text is Chinese). */
function englishReason(reason: TaskReason | null, fallback: string): string {
  switch (reason?.code) {
    case 'SOURCE_COOLING':
      return `The source ${reason.source === 'images' ? 'image hosts' : 'site'} asked to slow down; it goes on by itself in ${reason.seconds} s`;
    case 'SOURCE_UNREACHABLE':
      return `The source site is unavailable for now; it tries again by itself in ${reason.seconds} s`;
    case 'TOO_MANY_IMAGES':
      return `${reason.count} images, over the limit of ${reason.max} per task; choose fewer episodes`;
    case 'DISK_FULL':
      return `Not enough disk space: about ${reason.needed_gb} GB needed, ${reason.free_gb} GB left on the downloads disk`;
    case 'NOTHING_FETCHED':
      return 'No image could be fetched from the source site';
    case 'ARCHIVE_FAILED':
      return 'The ZIP could not be written';
    case 'CANCELLED':
      return 'Cancelled';
    case 'USER_PAUSED':
      return 'Paused by you: it waits until you resume it';
    case 'QUOTA_FULL':
      return `Your kept files fill your quota (${gb(reason.used_bytes)} / ${gb(reason.quota_bytes)}): it goes on once you download or delete kept archives`;
    default:
      return fallback;
  }
}

const zh: NoticeTexts = {
  newEpisodes: (work, labels) => ({
    title: `新剧集：${work}`,
    text: `${work} 有 ${labels.length} 集新剧集：${labels.join('、')}`,
  }),
  finished: (task) => ({
    title: `下载完成：${task.name}`,
    text: `已打包 ${task.done} 张图片` + (task.failed > 0 ? `，${task.failed} 张失败` : ''),
  }),
  failed: (task) => {
    const reason = task.note ?? '下载任务失败';
    return { title: `下载失败：${task.name}`, text: reason, reason };
  },
  paused: (task) => {
    const reason = task.note ?? '源站暂时不可用，稍后自动继续';
    return { title: `下载已暂停：${task.name}`, text: reason, reason };
  },
  quota: ({ keptBytes, quotaBytes, waiting }) => ({
    title: '已保存的压缩包超过配额',
    text:
      `已保存的压缩包超过配额：${gb(keptBytes)} / ${gb(quotaBytes)}，新的自动下载任务将等待` +
      (waiting > 0 ? `（${waiting} 个正在等待）` : '') +
      '，请下载或删除已保存的压缩包',
  }),
  test: {
    title: 'capshelf 测试通知',
    text: '这是一条测试通知：此渠道可以收到 capshelf 的通知。',
  },
  feed: { title: 'capshelf 新剧集', summary: (work, label) => `新剧集：${work} ${label}` },
};

const en: NoticeTexts = {
  newEpisodes: (work, labels) => ({
    title: `${labels.length === 1 ? 'New episode' : 'New episodes'}: ${work}`,
    text: `${work} has ${plural(labels.length, 'new episode', 'new episodes')}: ${labels.join(', ')}`,
  }),
  finished: (task) => ({
    title: `Download finished: ${task.name}`,
    text:
      `Packed ${plural(task.done, 'image', 'images')}` +
      (task.failed > 0 ? `; ${task.failed} failed` : ''),
  }),
  failed: (task) => {
    const reason = englishReason(task.reason, 'The download failed');
    return { title: `Download failed: ${task.name}`, text: reason, reason };
  },
  paused: (task) => {
    const reason = englishReason(
      task.reason,
      'The source site is unavailable for now; the download goes on by itself later',
    );
    return { title: `Download paused: ${task.name}`, text: reason, reason };
  },
  quota: ({ keptBytes, quotaBytes, waiting }) => ({
    title: 'Kept archives are over your quota',
    text:
      `Your kept archives are over your quota: ${gb(keptBytes)} / ${gb(quotaBytes)}. New automatic downloads will wait` +
      (waiting > 0 ? ` (${waiting} waiting now)` : '') +
      '; download or delete kept archives to make room.',
  }),
  test: {
    title: 'capshelf test notification',
    text: 'This is a test notification: this channel receives capshelf notifications.',
  },
  feed: {
    title: 'capshelf: new episodes',
    summary: (work, label) => `New episode: ${work} ${label}`,
  },
};

const TEXTS: Record<Locale, NoticeTexts> = { 'zh-CN': zh, en };

/** The texts in the user's language (`users.locale`); Chinese, the default, for anything else. */
export function noticeTexts(locale: string | null | undefined): NoticeTexts {
  return TEXTS[locale as Locale] ?? zh;
}
