import { Background } from './background';
import type { Config } from './config';
import { connectDb, migrateToLatest, type Db } from './db';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mail';
import { createObjectStore, type ObjectStore } from './storage';
import { createWakeups, type Wakeups } from './wakeups';

/** What every capability's wiring builds on: the settings, the log, the database and the clock. */
export interface Infrastructure {
  config: Config;
  logger: Logger;
  /** Migrated to the latest schema before any capability is built. */
  db: Db;
  /** Work run after an answer is sent. */
  background: Background;
  mailer: Mailer;
  /** Where what is a file goes (`STORAGE`): this machine's data folder, or a bucket every node shares. */
  storage: ObjectStore;
  /** Tells the background workers of every process that work was queued (started here). */
  wakeups: Wakeups;
  /** The time of follow checks and notifications (tests move it). */
  now: () => number;
}

export async function createInfrastructure(
  config: Config,
  overrides: { logger?: Logger; mailer?: Mailer; now?: () => number; wakeups?: Wakeups },
): Promise<Infrastructure> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  // Checked first: a wrong bucket, key or endpoint stops the start with one line naming the setting.
  const storage = await createObjectStore(config.storage);
  await storage.check();
  const db = connectDb({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection closed'),
  });
  await migrateToLatest(db);
  const wakeups =
    overrides.wakeups ?? createWakeups({ databaseUrl: config.databaseUrl, db: db.kysely, logger });
  await wakeups.start();
  return {
    config,
    logger,
    db,
    background: new Background(logger),
    mailer: overrides.mailer ?? createMailer(config.mail, logger),
    storage,
    wakeups,
    now: overrides.now ?? Date.now,
  };
}
