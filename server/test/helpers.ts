import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { buildHttpApp } from '../src/http/app';
import type { Logger } from '../src/logger';
import type { MailMessage, Mailer } from '../src/mail';
import { createServices, type Services } from '../src/services';
import type { ChallengeSolver } from '../src/upstream/challenge';
import { createPostgresDatabase as createDatabaseOn } from './support/postgres-database';

export const ADMIN = { email: 'admin@example.com', password: 'AdminPass123' };

/** Set by scripts/test.mjs for the Postgres pass: a server URL whose user may create databases. */
const postgresAdminUrl = process.env.TEST_POSTGRES_URL;
export const databaseKind = postgresAdminUrl ? 'postgres' : 'sqlite';

/** A fresh, migrated database on the Postgres pass's cluster (see `support/postgres-database.ts`). */
export const createPostgresDatabase = () => createDatabaseOn(postgresAdminUrl!);

export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    return Promise.resolve();
  }
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  mailer: CapturingMailer;
  dataDir: string;
  login(email?: string, password?: string): Promise<string>;
  /** Creates a user and returns a bearer header for them. */
  userHeaders(email: string, role?: 'admin' | 'user'): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** A fresh app on its own data directory and database (SQLite, or Postgres in the Postgres pass). */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    webRoot?: string;
    /** A logger of the test's own (e.g. one writing to a buffer). */
    logger?: Logger;
    /** The real no-SMTP mailer (writes DATA_DIR/outbox) instead of the capturing one. */
    outbox?: boolean;
    solver?: ChallengeSolver;
    /** The downloads disk's free space as the app sees it (a full disk, for the space check). */
    statfs?: (dir: string) => Promise<{ bavail: number; bsize: number }>;
    /** The clock of follow checks (a test moves it). */
    now?: () => number;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capshelf-test-'));
  const postgres = postgresAdminUrl ? await createPostgresDatabase() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'http://capshelf.test:8000',
    // Chromium only where a test asks for it (with a solver of its own or the real one).
    UPSTREAM_CHALLENGE_SOLVER: 'off',
    // Image writes never depend on the test machine's free space (the floor refuses writes
    // below CACHE_MIN_FREE); the tests of the floor set their own, with a disk of their own.
    CACHE_MIN_FREE: '0',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const mailer = new CapturingMailer();
  const services = await createServices(config, {
    logger: options.logger,
    mailer: options.outbox ? undefined : mailer,
    solver: options.solver,
    statfs: options.statfs,
    now: options.now,
  });
  const app = await buildHttpApp(services, {
    webRoot: options.webRoot ?? path.join(dataDir, 'no-web'),
  });
  await app.ready();

  const login = async (email = ADMIN.email, password = ADMIN.password) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json<{ access_token: string }>().access_token;
  };

  return {
    app,
    services,
    mailer,
    dataDir,
    login,
    async userHeaders(email, role = 'user') {
      const password = 'UserPass123';
      await services.auth.users.create({ email, password, role });
      return { authorization: `Bearer ${await login(email, password)}` };
    },
    async close() {
      await app.close();
      await services.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
