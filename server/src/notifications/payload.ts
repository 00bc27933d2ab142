import type { NotificationEvent } from '@capshelf/contract';

/** An event as the outbox keeps it and every format reads it; `test` is the 发送测试 button's. */
export interface NotificationPayload {
  event: NotificationEvent | 'test';
  occurred_at: string;
  /** User-facing text, in the owner's language (`users.locale`) when the event was queued. */
  title: string;
  text: string;
  /** Where the user sees it in capshelf (a download: the tray at that task, `/?task=<id>`). */
  link: string;
  work?: { kind: string; id: number; title: string; link: string; source_url: string };
  episodes?: { id: number; label: string; link: string; source_url: string }[];
  task?: {
    id: string;
    status: string;
    file_name: string | null;
    file_count: number;
    done_count: number;
    failed_count: number;
    /** Why it failed or paused, in the owner's language; null when it finished. */
    reason: string | null;
  };
  /** `download_quota`: the kept archives' bytes, the quota, and the tasks waiting for room. */
  quota?: { kept_bytes: number; quota_bytes: number; waiting: number };
}
