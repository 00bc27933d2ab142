// A database per test app on the Postgres pass, cloned from a template that already holds the
// migrations: a clone is a file copy, while running the migrations' DDL again for every app cost
// about a second of the cluster's time each, the largest part of starting a test app there.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { connectDb, migrateToLatest } from '../../src/db';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../src/db/migrations');

/**
 * Named after the migrations' text, so that a cluster kept between runs (a developer's own
 * TEST_POSTGRES_URL) never hands out a template built from migrations since changed.
 */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return `capshelf_test_template_${hash.digest('hex').slice(0, 12)}`;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Builds the template once per cluster, whichever test process comes first (an advisory lock
 * keeps the others waiting): migrated under a scratch name, then renamed, so a process killed half
 * way never leaves a half-migrated template behind.
 */
async function ensureTemplate(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      const scratch = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${scratch}`);
      const db = connectDb({ databaseUrl: databaseUrl(serverUrl, scratch), sqlitePath: '' });
      try {
        await migrateToLatest(db);
      } finally {
        await db.close();
      }
      await admin.query(`ALTER DATABASE ${scratch} RENAME TO ${name}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

let template: Promise<string> | undefined;

/** A fresh, migrated database on the cluster at `serverUrl` (a URL whose user may create databases). */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  template ??= (async () => {
    const name = templateName();
    await ensureTemplate(serverUrl, name);
    return name;
  })();
  const source = await template;
  const name = `capshelf_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`));
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      await withClient(serverUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
