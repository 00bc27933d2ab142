import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { ImageCrawlProgress } from '../upstream';

export type CrawlState = 'running' | 'done' | 'failed';

export interface CrawlRecord<M> {
  state: CrawlState;
  progress: ImageCrawlProgress<M> | null;
  error: CrawlError | null;
  updatedAt: string;
}

export interface CrawlError {
  code: string;
  message: string;
  retry_after?: number;
  challenge?: string;
}

/** What is kept of a refusal besides its code: when to ask again (absolute) and why. */
interface ErrorDetail {
  retry_at?: number;
  challenge?: string;
}

function errorOf(row: {
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
}): CrawlError | null {
  if (row.error_code === null) return null;
  const detail = JSON.parse(row.error_detail ?? '{}') as ErrorDetail;
  return {
    code: row.error_code,
    message: row.error_message ?? '',
    ...(detail.retry_at !== undefined && {
      retry_after: Math.max(1, Math.ceil((detail.retry_at - Date.now()) / 1000)),
    }),
    ...(detail.challenge !== undefined && { challenge: detail.challenge }),
  };
}

/** Not yet a page read: what a crawl looks like between its start and its first page. */
const NOTHING_READ = JSON.stringify(null);

/** The `listing_crawls` rows: each image crawl's progress, written page by page. */
export class CrawlProgressStore {
  constructor(private readonly db: Kysely<Database>) {}

  async read<M>(key: string): Promise<CrawlRecord<M> | null> {
    const row = await this.db
      .selectFrom('listing_crawls')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    return {
      state: row.state,
      progress: JSON.parse(row.progress) as ImageCrawlProgress<M> | null,
      error: errorOf(row),
      updatedAt: row.updated_at,
    };
  }

  /** A crawl begins from page 1 (`fresh`) or resumes with what it read before. */
  async begin(key: string, fresh: boolean): Promise<void> {
    const updated_at = new Date().toISOString();
    const running = {
      state: 'running' as const,
      error_code: null,
      error_message: null,
      error_detail: null,
      updated_at,
    };
    await this.db
      .insertInto('listing_crawls')
      .values({ key, ...running, progress: NOTHING_READ })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet(fresh ? { ...running, progress: NOTHING_READ } : running),
      )
      .execute();
  }

  async save<M>(key: string, progress: ImageCrawlProgress<M>): Promise<void> {
    const row = {
      state: progress.done ? ('done' as const) : ('running' as const),
      progress: JSON.stringify(progress),
      updated_at: new Date().toISOString(),
    };
    await this.db
      .insertInto('listing_crawls')
      .values({ key, ...row })
      .onConflict((oc) => oc.column('key').doUpdateSet(row))
      .execute();
  }

  /** The crawl stopped on an error; its pages stay for the resume. */
  async fail(key: string, error: CrawlError): Promise<void> {
    const detail: ErrorDetail = {
      ...(error.retry_after !== undefined && { retry_at: Date.now() + error.retry_after * 1000 }),
      ...(error.challenge !== undefined && { challenge: error.challenge }),
    };
    await this.db
      .updateTable('listing_crawls')
      .set({
        state: 'failed',
        error_code: error.code,
        error_message: error.message,
        error_detail: JSON.stringify(detail),
        updated_at: new Date().toISOString(),
      })
      .where('key', '=', key)
      .execute();
  }

  async clear(keys: string[]): Promise<void> {
    if (keys.length > 0)
      await this.db.deleteFrom('listing_crawls').where('key', 'in', keys).execute();
  }

  async clearAll(): Promise<void> {
    await this.db.deleteFrom('listing_crawls').execute();
  }
}
