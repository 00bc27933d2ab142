import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { LocalWakeups, type Wakeups } from './local';
import { PostgresWakeups, type ReconnectSettings } from './postgres';

export { LocalWakeups, WAKEUP_TOPICS, type WakeupTopic, type Wakeups } from './local';
export { PostgresWakeups, WAKEUPS_APPLICATION_NAME, channelOf } from './postgres';

/** Across processes on Postgres (LISTEN/NOTIFY), within this process on SQLite. Not yet started. */
export function createWakeups(deps: {
  databaseUrl: string | undefined;
  db: Kysely<Database>;
  logger: Logger;
  reconnect?: ReconnectSettings;
}): Wakeups {
  const logger = deps.logger.child({ module: 'wakeups' });
  if (!deps.databaseUrl) {
    return new LocalWakeups((error) => logger.error({ err: error }, 'a wake-up listener failed'));
  }
  return new PostgresWakeups({ ...deps, url: deps.databaseUrl, logger });
}
