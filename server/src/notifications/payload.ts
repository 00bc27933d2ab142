import type { NotificationEvent } from '@capshelf/contract';

/** An event as the outbox keeps it and every format reads it; `test` is the 发送测试 button's. */
export interface NotificationPayload {
  event: NotificationEvent | 'test';
  occurred_at: string;
  /** User-facing text (zh-CN, as the interface). */
  title: string;
  text: string;
  /** Where the user sees it in capshelf. */
  link: string;
  work?: { kind: string; id: number; title: string; link: string; source_url: string };
  episodes?: { id: number; label: string; source_url: string }[];
  task?: {
    id: string;
    status: string;
    file_name: string | null;
    file_count: number;
    done_count: number;
    failed_count: number;
    reason: string | null;
  };
}
