import { parseArgs } from 'node:util';
import { Email, NewPassword, Role } from '@capshelf/contract';
import { AuditLog } from '../audit';
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { connectDb, migrateToLatest } from '../db';
import { AppError } from '../errors';
import { AccessTokens } from './access-tokens';
import { SessionStore } from './sessions';
import { UserAdmin } from './user-admin';
import { UserRepository } from './users';

const USAGE = `Usage: npm run users -- <command>
  add <email> [--role admin|user] [--password P] [--username U] [--name "Display Name"]
  list
  disable <email>            (also ends the user's sessions)
  enable <email>
  set-password <email> [--password P]   (generated and printed when omitted; ends sessions)
  set-role <email> admin|user
The database is the server's: DATABASE_URL, else DATA_DIR/capshelf.db (environment or .env).
For the offline demo's accounts: DATA_DIR=data/demo npm run users -- list`;

class UsageError extends Error {}

function parse<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  what: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new UsageError(`${what}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

/** The command line after the sub-command's name: its two positionals and the options. */
interface Args {
  target?: string;
  extra?: string;
  values: { role?: string; password?: string; username?: string; name?: string };
}

function readArgs(argv: string[]): Args & { command?: string } {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      password: { type: 'string' },
      username: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const [command, target, extra] = positionals;
  return { command, target, extra, values };
}

async function run(argv: string[]): Promise<void> {
  const { command, ...args } = readArgs(argv);
  if (!command) throw new UsageError(USAGE);
  await withAdmin((admin) => dispatch(admin, command, args));
}

/** Opens the server's database (migrated to the latest schema) for the one command. */
async function withAdmin(task: (admin: UserAdmin) => Promise<void>): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const db = connectDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(db);
    const admin = new UserAdmin(
      new UserRepository(db.kysely),
      new SessionStore(db.kysely, config.auth.sessionTtlMs, config.auth.sessionIdleMs),
      new AuditLog(db.kysely),
      new AccessTokens(db.kysely),
    );
    await task(admin);
  } finally {
    await db.close();
  }
}

/** Runs the sub-command USAGE names. */
async function dispatch(admin: UserAdmin, command: string, args: Args): Promise<void> {
  switch (command) {
    case 'add':
      return add(admin, args);
    case 'list':
      return list(admin);
    case 'disable':
    case 'enable':
      return setStatus(admin, command, args);
    case 'set-password':
      return setPassword(admin, args);
    case 'set-role':
      return setRole(admin, args);
    default:
      throw new UsageError(USAGE);
  }
}

const findUser = (admin: UserAdmin, { target }: Args) =>
  admin.findByEmail(parse(Email, target, 'email'));

const chosenPassword = ({ values }: Args) =>
  values.password === undefined ? undefined : parse(NewPassword, values.password, 'password');

async function add(admin: UserAdmin, args: Args): Promise<void> {
  const { values } = args;
  const { user, generated_password } = await admin.add({
    email: parse(Email, args.target, 'email'),
    password: chosenPassword(args),
    role: parse(Role, values.role ?? 'user', 'role'),
    username: values.username,
    displayName: values.name ?? null,
  });
  console.log(`added ${user.email} (id ${user.id}, ${user.role})`);
  if (generated_password) console.log(`password: ${generated_password}`);
}

async function list(admin: UserAdmin): Promise<void> {
  console.table(
    (await admin.list()).map((u) => ({
      id: u.id,
      email: u.email,
      username: u.username,
      role: u.role,
      disabled: u.status === 'disabled',
      created_at: u.created_at,
    })),
  );
}

async function setStatus(
  admin: UserAdmin,
  command: 'disable' | 'enable',
  args: Args,
): Promise<void> {
  const user = await findUser(admin, args);
  await admin.update(user.id, { status: command === 'disable' ? 'disabled' : 'active' });
  console.log(`${command}d ${user.email}`);
}

async function setPassword(admin: UserAdmin, args: Args): Promise<void> {
  const user = await findUser(admin, args);
  const { generated_password } = await admin.resetPassword(user.id, chosenPassword(args));
  console.log(`password changed for ${user.email}`);
  if (generated_password) console.log(`password: ${generated_password}`);
}

async function setRole(admin: UserAdmin, args: Args): Promise<void> {
  const user = await findUser(admin, args);
  const role = parse(Role, args.extra, 'role');
  await admin.update(user.id, { role });
  console.log(`${user.email} is now ${role}`);
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof AppError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
