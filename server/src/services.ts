import { AuthService, ensureAdmin } from './auth';
import { Background } from './background';
import type { Config } from './config';
import { connectDb, migrateToLatest, type Db } from './db';
import type { AppError } from './errors';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mail';

/** Everything the HTTP layer and the command lines need, built once from the config. */
export interface Services {
  config: Config;
  logger: Logger;
  db: Db;
  background: Background;
  mailer: Mailer;
  auth: AuthService;
  /** Turns errors of the domain modules (e.g. upstream failures) into API errors. */
  mapDomainError(error: unknown): AppError | null;
  close(): Promise<void>;
}

export async function createServices(
  config: Config,
  overrides: { logger?: Logger; mailer?: Mailer } = {},
): Promise<Services> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const db = connectDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const background = new Background(logger);
  const mailer = overrides.mailer ?? createMailer(config.mail, logger);
  const auth = new AuthService(db, config, mailer, background);
  await ensureAdmin(auth.users, config, logger);
  return {
    config,
    logger,
    db,
    background,
    mailer,
    auth,
    mapDomainError: () => null,
    async close() {
      await background.idle();
      await db.close();
    },
  };
}
