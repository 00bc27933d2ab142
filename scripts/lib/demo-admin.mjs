// The offline demo's one admin, printed on every start. A start where it is already right reads
// the demo's SQLite file and changes nothing: no `users` command spawned (each is seconds of tsx),
// no password reset (which would end its sessions), no audit entry. Only what an earlier run
// changed goes through the `users` command line, which records it in the audit log.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { runNode } from './children.mjs';
import { root } from './install.mjs';

export const DEMO_ADMIN = { email: 'admin@demo.local', password: 'DemoAdmin123' };

const { email, password } = DEMO_ADMIN;
const ADD = ['add', email, '--role', 'admin', '--password', password];
const SET_PASSWORD = ['set-password', email, '--password', password];
const SET_ROLE = ['set-role', email, 'admin'];
const ENABLE = ['enable', email];

/**
 * What the server needs to create the admin itself on a new data directory (its first start with
 * no accounts), so a first start spawns nothing either.
 */
export const DEMO_ADMIN_ENV = { ADMIN_EMAIL: email, ADMIN_PASSWORD: password };

/** Whether the server will open Postgres (DATABASE_URL in the environment or `.env`), not the file. */
function usesPostgres(env) {
  if (env.DATABASE_URL) return true;
  const file = path.join(root, '.env');
  return existsSync(file) && Boolean(parseEnv(readFileSync(file, 'utf8')).DATABASE_URL);
}

/** The demo admin's row in the SQLite file; undefined when absent, null when unreadable. */
async function readAdmin(dbFile) {
  try {
    // Loaded here, not at the top: a fresh clone runs the demo script before its first install.
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      return db
        .prepare('SELECT role, disabled, password_hash FROM users WHERE email = ?')
        .get(email);
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/** The `users` commands that make the admin right ([] when it is); null when it cannot be read. */
async function fixesFor(dbFile) {
  const row = await readAdmin(dbFile);
  if (row === null) return null;
  if (row === undefined) return [ADD];
  const { verify } = await import('@node-rs/argon2');
  const passwordRight = await verify(row.password_hash, password).catch(() => false);
  return [
    ...(passwordRight ? [] : [SET_PASSWORD]),
    ...(row.role === 'admin' ? [] : [SET_ROLE]),
    ...(row.disabled ? [ENABLE] : []),
  ];
}

/**
 * Makes the demo admin exist, active, an admin, with the demo password, whatever an earlier run
 * changed. `env` is the server's (DATA_DIR set). Resolves with the `users` commands it ran.
 */
export async function ensureDemoAdmin(env) {
  const postgres = usesPostgres(env);
  const dbFile = path.join(path.resolve(root, env.DATA_DIR), 'capshelf.db');
  // A new data directory: the server's first start creates the admin (DEMO_ADMIN_ENV).
  if (!postgres && !existsSync(dbFile)) return [];
  const users = (args) =>
    runNode(['--import', 'tsx', 'server/src/auth/cli.ts', ...args], {
      cwd: root,
      env,
      stdio: 'ignore',
    });
  let fixes = postgres ? null : await fixesFor(dbFile);
  if (fixes === null) {
    // State unknown here (Postgres): add it, or else set everything the demo needs.
    if ((await users(ADD)) === 0) return [ADD];
    fixes = [SET_PASSWORD, SET_ROLE, ENABLE];
  }
  for (const args of fixes)
    if ((await users(args)) !== 0) throw new Error(`could not prepare the demo admin (${args[0]})`);
  return fixes;
}
