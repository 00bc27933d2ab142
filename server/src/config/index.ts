import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { checkStorageEnv, storageEnv, storageSettingsOf } from '../storage/settings';
import { allowedHosts, duration, int, optionalText, size, trustProxy, url } from './setting-types';

/** An image host template must contain `{id}`; the server substitutes the numeric image id. */
const template = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((t) => t.includes('{id}') && z.url().safeParse(t.replace('{id}', '1')).success, {
      message: 'must be an http(s) URL containing {id}',
    });

/** The browser the default transport impersonates, so both transports present one identity. */
const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36';

/** Every setting, by its environment variable name. `.env.example` documents each one. */
const envSchema = z.object({
  PORT: int(8000, 0, 65535),
  WORKERS: int(1, 1, 64),
  /** What this process does: everything, only serving (web), or only the background jobs (worker). */
  ROLE: z.enum(['all', 'web', 'worker'], { message: 'must be all, web or worker' }).default('all'),
  HOST: z.string().default('0.0.0.0'),
  TRUST_PROXY: trustProxy,
  /** Unset: http://localhost:<PORT>. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), { message: 'must be a postgres:// URL' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.email().default('admin@localhost.localdomain'),
  ADMIN_PASSWORD: optionalText,
  SMTP_URL: optionalText.refine((v) => !v || /^smtps?:\/\//.test(v), {
    message: 'must be an smtp:// or smtps:// URL',
  }),
  MAIL_FROM: z.string().default('capshelf <no-reply@localhost>'),
  SESSION_TTL: duration('30d'),
  SESSION_IDLE_TIMEOUT: duration('14d'),
  BODY_LIMIT_BYTES: int(1_048_576, 1024),
  REQUEST_TIMEOUT: duration('25s'),
  MAX_CONNECTIONS_PER_ADDRESS: int(64, 0),
  LOGIN_MAX_FAILURES: int(5, 1),
  LOGIN_MAX_FAILURES_PER_ADDRESS: int(20, 1),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(50, 1),
  LOGIN_WINDOW: duration('15m'),
  RESET_TOKEN_TTL: duration('30m'),
  RESET_MAX_PER_EMAIL: int(3, 1),
  RESET_MAX_PER_ADDRESS: int(10, 1),
  RESET_LIMIT_WINDOW: duration('1h'),

  UPSTREAM_BASE_URL: url('https://fancaps.net'),
  UPSTREAM_THUMB_URL_ANIME: template('https://ant.fancaps.net/{id}.jpg'),
  UPSTREAM_THUMB_URL_TV: template('https://tvt.fancaps.net/{id}.jpg'),
  UPSTREAM_THUMB_URL_MOVIE: template('https://mvt.fancaps.net/{id}.jpg'),
  // 小图 comes from the originals: the compressed hosts (ancdn/tvcdn/mvcdn) no longer answer
  // (docs/architecture.md, "Image hosts"). Point these at them again to use them.
  UPSTREAM_SMALL_URL_ANIME: template('https://cdni.fancaps.net/file/fancaps-animeimages/{id}.jpg'),
  UPSTREAM_SMALL_URL_TV: template('https://cdni.fancaps.net/file/fancaps-tvimages/{id}.jpg'),
  UPSTREAM_SMALL_URL_MOVIE: template('https://cdni.fancaps.net/file/fancaps-movieimages/{id}.jpg'),
  UPSTREAM_LARGE_URL_ANIME: template('https://cdni.fancaps.net/file/fancaps-animeimages/{id}.jpg'),
  UPSTREAM_LARGE_URL_TV: template('https://cdni.fancaps.net/file/fancaps-tvimages/{id}.jpg'),
  UPSTREAM_LARGE_URL_MOVIE: template('https://cdni.fancaps.net/file/fancaps-movieimages/{id}.jpg'),
  UPSTREAM_TRANSPORT: z.enum(['impersonate', 'node']).default('impersonate'),
  UPSTREAM_CA_FILE: optionalText.refine((v) => !v || existsSync(v), {
    message: 'no such file',
  }),
  UPSTREAM_USER_AGENT: z.string().min(1).default(DEFAULT_USER_AGENT),
  UPSTREAM_COOKIE: optionalText,
  UPSTREAM_TIMEOUT: duration('20s'),
  UPSTREAM_RETRIES: int(2, 0, 10),
  UPSTREAM_PAGE_CONCURRENCY: int(1, 1, 16),
  UPSTREAM_PAGE_SPACING: duration('1s'),
  UPSTREAM_THUMB_CONCURRENCY: int(6, 1, 32),
  UPSTREAM_THUMB_SPACING: duration('25ms'),
  UPSTREAM_FULL_CONCURRENCY: int(3, 1, 32),
  UPSTREAM_FULL_SPACING: duration('350ms'),
  UPSTREAM_JITTER: duration('500ms'),
  UPSTREAM_COOLDOWN: duration('10m'),
  UPSTREAM_CHALLENGE_SOLVER: z.enum(['auto', 'off']).default('auto'),
  UPSTREAM_SOLVER_TIMEOUT: duration('30s'),

  SEARCH_CACHE_TTL: duration('24h'),
  SHOW_CACHE_TTL: duration('24h'),
  EPISODE_CACHE_TTL: duration('30d'),
  THUMBNAIL_PREFETCH: z.stringbool().default(true),
  DOWNLOAD_TTL: duration('1h'),
  DOWNLOAD_CONCURRENCY: int(2, 1, 16),
  DOWNLOAD_STALE_AFTER: duration('60s'),
  /** How often a worker looks for tasks besides being woken (the only way on SQLite). */
  DOWNLOAD_POLL_INTERVAL: duration('1s').refine((ms) => ms >= 100, {
    message: 'must be at least 100ms',
  }),
  DOWNLOAD_RETRY_INTERVAL: duration('30s'),
  /** Each user's kept archives and library folder together (docs/library-folder.md). */
  DOWNLOAD_KEEP_MAX: size('20GB'),
  /** The users' folders on the server (`<dir>/<user>/`); unset: tasks write ZIPs alone. */
  LIBRARY_DIR: optionalText,
  WORK_JOB_MAX_IMAGES: int(50_000, 1),
  WORK_JOBS_PER_USER: int(1, 1, 100),
  USER_UNCACHED_LISTINGS: int(30, 1),
  USER_NEAR_DUPLICATE_SCANS: int(10, 1),
  USER_UNCACHED_IMAGES: int(600, 1),
  USER_UPSTREAM_WINDOW: duration('1m'),
  CACHE_MAX_SIZE: size(),
  CACHE_MIN_FREE: size('2GB'),
  /** Each user's favourites keep at most this many bytes of cached files from eviction. */
  FAVORITE_PIN_MAX: size('2GB'),
  FOLLOW_CHECK_INTERVAL: duration('6h'),
  /** A followed work with a broadcast schedule (the title table) is checked this long after each. */
  FOLLOW_AFTER_BROADCAST: duration('6h'),
  // A newer copy of bangumi-data's data.json for Chinese and Japanese titles; checked at start.
  TITLES_FILE: optionalText,
  // A WD14 tagger (docs/datasets.md, "Tags"): both files, or neither (no tagging).
  TAGGER_MODEL: optionalText.refine((v) => !v || existsSync(v), { message: 'no such file' }),
  TAGGER_TAGS: optionalText.refine((v) => !v || existsSync(v), { message: 'no such file' }),
  TAGGER_THRESHOLD: z.coerce
    .number({ message: 'must be a number' })
    .min(0.05, 'must be between 0.05 and 1')
    .max(1, 'must be between 0.05 and 1')
    .default(0.35),
  NOTIFY_ALLOWED_HOSTS: allowedHosts,
  ...storageEnv,
});

export type Kind = 'anime' | 'tv' | 'movie';
export type ImageSize = 'thumb' | 'small' | 'large';
export type ImageUrlTemplates = Record<ImageSize, Record<Kind, string>>;

type Env = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

function shape(env: Env) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    workers: env.WORKERS,
    role: env.ROLE,
    host: env.HOST,
    trustProxy: env.TRUST_PROXY,
    publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
    dataDir,
    /** Where images and archives go: DATA_DIR itself, or an S3-compatible bucket (docs/storage.md). */
    storage: storageSettingsOf(env, dataDir),
    databaseUrl: env.DATABASE_URL,
    sqlitePath: path.join(dataDir, 'capshelf.db'),
    logLevel: env.LOG_LEVEL,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    auth: authSettings(env),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    http: {
      /** Headers and body must have arrived within this (a slow-body client is cut off). */
      requestTimeoutMs: env.REQUEST_TIMEOUT,
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    },
    upstream: upstreamSettings(env),
    cache: cacheSettings(env),
    downloads: downloadSettings(env),
    /** Per-user limits on calls that cost the source many requests (upstream/user-budget.ts). */
    userBudget: {
      listings: env.USER_UNCACHED_LISTINGS,
      scans: env.USER_NEAR_DUPLICATE_SCANS,
      images: env.USER_UNCACHED_IMAGES,
      windowMs: env.USER_UPSTREAM_WINDOW,
    },
    follows: {
      checkIntervalMs: env.FOLLOW_CHECK_INTERVAL,
      afterBroadcastMs: env.FOLLOW_AFTER_BROADCAST,
    },
    /** The title table's file (null: the one bangumi-data ships). */
    titlesFile: env.TITLES_FILE ?? null,
    /** The WD14 tagger's files and threshold; null when no model is set (no tagging). */
    tagger:
      env.TAGGER_MODEL && env.TAGGER_TAGS
        ? { model: env.TAGGER_MODEL, tags: env.TAGGER_TAGS, threshold: env.TAGGER_THRESHOLD }
        : null,
    notifications: { allowedHosts: env.NOTIFY_ALLOWED_HOSTS },
  };
}

function authSettings(env: Env) {
  return {
    sessionTtlMs: env.SESSION_TTL,
    sessionIdleMs: env.SESSION_IDLE_TIMEOUT,
    cookieSecure: env.PUBLIC_URL.startsWith('https:'),
    loginMaxFailures: env.LOGIN_MAX_FAILURES,
    loginMaxFailuresPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
    loginMaxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginWindowMs: env.LOGIN_WINDOW,
    resetTokenTtlMs: env.RESET_TOKEN_TTL,
    resetMaxPerEmail: env.RESET_MAX_PER_EMAIL,
    resetMaxPerAddress: env.RESET_MAX_PER_ADDRESS,
    resetLimitWindowMs: env.RESET_LIMIT_WINDOW,
  };
}

function upstreamSettings(env: Env) {
  return {
    baseUrl: env.UPSTREAM_BASE_URL.replace(/\/+$/, ''),
    imageUrls: imageUrlTemplates(env),
    transport: env.UPSTREAM_TRANSPORT,
    caFile: env.UPSTREAM_CA_FILE,
    userAgent: env.UPSTREAM_USER_AGENT,
    cookie: env.UPSTREAM_COOKIE,
    timeoutMs: env.UPSTREAM_TIMEOUT,
    retries: env.UPSTREAM_RETRIES,
    pages: { concurrency: env.UPSTREAM_PAGE_CONCURRENCY, spacingMs: env.UPSTREAM_PAGE_SPACING },
    thumbs: {
      concurrency: env.UPSTREAM_THUMB_CONCURRENCY,
      spacingMs: env.UPSTREAM_THUMB_SPACING,
    },
    full: { concurrency: env.UPSTREAM_FULL_CONCURRENCY, spacingMs: env.UPSTREAM_FULL_SPACING },
    jitterMs: env.UPSTREAM_JITTER,
    cooldownMs: env.UPSTREAM_COOLDOWN,
    challenge: { solver: env.UPSTREAM_CHALLENGE_SOLVER, timeoutMs: env.UPSTREAM_SOLVER_TIMEOUT },
  };
}

function imageUrlTemplates(env: Env): ImageUrlTemplates {
  return {
    thumb: {
      anime: env.UPSTREAM_THUMB_URL_ANIME,
      tv: env.UPSTREAM_THUMB_URL_TV,
      movie: env.UPSTREAM_THUMB_URL_MOVIE,
    },
    small: {
      anime: env.UPSTREAM_SMALL_URL_ANIME,
      tv: env.UPSTREAM_SMALL_URL_TV,
      movie: env.UPSTREAM_SMALL_URL_MOVIE,
    },
    large: {
      anime: env.UPSTREAM_LARGE_URL_ANIME,
      tv: env.UPSTREAM_LARGE_URL_TV,
      movie: env.UPSTREAM_LARGE_URL_MOVIE,
    },
  };
}

function cacheSettings(env: Env) {
  return {
    searchTtlMs: env.SEARCH_CACHE_TTL,
    showTtlMs: env.SHOW_CACHE_TTL,
    episodeTtlMs: env.EPISODE_CACHE_TTL,
    prefetchThumbnails: env.THUMBNAIL_PREFETCH,
    /** The image cache's cap in bytes (null: none) and the free space it always leaves. */
    maxBytes: env.CACHE_MAX_SIZE,
    minFreeBytes: env.CACHE_MIN_FREE ?? 0,
    /** Bytes of each user's newest favourites that eviction leaves alone. */
    favoritePinMaxBytes: env.FAVORITE_PIN_MAX ?? 2 * 1024 ** 3,
  };
}

function downloadSettings(env: Env) {
  return {
    ttlMs: env.DOWNLOAD_TTL,
    concurrency: env.DOWNLOAD_CONCURRENCY,
    staleMs: env.DOWNLOAD_STALE_AFTER,
    pollMs: env.DOWNLOAD_POLL_INTERVAL,
    maxUnfinishedPerUser: 3,
    /** Bytes each user's kept archives and library folder may take together. */
    keepMaxBytes: env.DOWNLOAD_KEEP_MAX ?? 20 * 1024 ** 3,
    /** The users' folders on the server; null: none. */
    libraryDir: env.LIBRARY_DIR ? path.resolve(env.LIBRARY_DIR) : null,
    /** How soon a task paused by an unreachable source tries again (cool-downs say their own). */
    retryIntervalMs: env.DOWNLOAD_RETRY_INTERVAL,
    workMaxImages: env.WORK_JOB_MAX_IMAGES,
    workJobsPerUser: env.WORK_JOBS_PER_USER,
  };
}

export type Config = ReturnType<typeof shape>;
export type Role = Config['role'];

/** Whether a process of this role runs the background jobs (download tasks, follow checks, notices). */
export const runsJobs = (role: Role) => role !== 'web';
export type UpstreamConfig = Config['upstream'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the whole configuration once; throws ConfigError listing every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema
    .refine((e) => !e.TAGGER_MODEL === !e.TAGGER_TAGS, {
      path: ['TAGGER_MODEL'],
      message:
        'TAGGER_MODEL and TAGGER_TAGS are set together (the model and its selected_tags.csv)',
    })
    .superRefine((e, context) => {
      for (const { path, message } of checkStorageEnv(e))
        context.addIssue({ code: 'custom', path: [path], message });
    })
    .safeParse(blankAsUnset);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const { PUBLIC_URL, PORT } = parsed.data;
  return shape({ ...parsed.data, PUBLIC_URL: PUBLIC_URL ?? `http://localhost:${PORT}` });
}

/** Reads `.env` from the working directory into process.env when present (never overriding). */
export function loadDotEnv(file = path.resolve('.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export const settingNames = Object.keys(envSchema.shape);
