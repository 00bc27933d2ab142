import path from 'node:path';
import { AuthService, ensureAdmin } from './auth';
import { Background } from './background';
import { CatalogService, Directory, ListingCache } from './catalog';
import type { Config } from './config';
import { connectDb, migrateToLatest, type Db } from './db';
import { fromUpstream, type AppError } from './errors';
import { CdnPreferences, ImageStore } from './images';
import { HistoryService } from './library';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mail';
import {
  createUpstreamClient,
  createUrlBuilders,
  createUrlModel,
  type UpstreamClient,
  type UrlBuilders,
  type UrlModel,
} from './upstream';

/** Everything the HTTP layer and the command lines need, built once from the config. */
export interface Services {
  config: Config;
  logger: Logger;
  db: Db;
  background: Background;
  mailer: Mailer;
  auth: AuthService;
  upstream: UpstreamClient;
  urls: UrlModel;
  builders: UrlBuilders;
  directory: Directory;
  catalog: CatalogService;
  images: ImageStore;
  cdn: CdnPreferences;
  history: HistoryService;
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

  const upstream = createUpstreamClient(config.upstream, {
    logger: logger.child({ module: 'upstream' }),
  });
  const urls = createUrlModel(config.upstream);
  const builders = createUrlBuilders(config.upstream);
  const directory = new Directory(db.kysely);
  const catalog = new CatalogService({
    config,
    client: upstream,
    urls,
    builders,
    cache: new ListingCache(db.kysely),
    directory,
  });
  const images = new ImageStore({
    db: db.kysely,
    root: path.join(config.dataDir, 'images'),
    client: upstream,
    builders,
  });
  return {
    config,
    logger,
    db,
    background,
    mailer,
    auth,
    upstream,
    urls,
    builders,
    directory,
    catalog,
    images,
    cdn: new CdnPreferences(db.kysely, config, upstream),
    history: new HistoryService(db.kysely),
    mapDomainError: fromUpstream,
    async close() {
      await background.idle();
      await upstream.close();
      await db.close();
    },
  };
}
