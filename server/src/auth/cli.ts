import { parseArgs } from 'node:util';
import { Email, NewPassword, Role } from '@capshelf/contract';
import { AuditLog } from '../audit';
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { connectDb, migrateToLatest } from '../db';
import { AppError } from '../errors';
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

async function run(argv: string[]): Promise<void> {
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
  if (!command) throw new UsageError(USAGE);

  loadDotEnv();
  const config = loadConfig();
  const db = connectDb({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(db);
    const admin = new UserAdmin(
      new UserRepository(db.kysely),
      new SessionStore(db.kysely, config.auth.sessionTtlMs, config.auth.sessionIdleMs),
      new AuditLog(db.kysely),
    );
    const find = () => admin.findByEmail(parse(Email, target, 'email'));
    const chosenPassword = () =>
      values.password === undefined ? undefined : parse(NewPassword, values.password, 'password');

    switch (command) {
      case 'add': {
        const { user, generated_password } = await admin.add({
          email: parse(Email, target, 'email'),
          password: chosenPassword(),
          role: parse(Role, values.role ?? 'user', 'role'),
          username: values.username,
          displayName: values.name ?? null,
        });
        console.log(`added ${user.email} (id ${user.id}, ${user.role})`);
        if (generated_password) console.log(`password: ${generated_password}`);
        return;
      }
      case 'list': {
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
        return;
      }
      case 'disable':
      case 'enable': {
        const user = await find();
        await admin.update(user.id, { status: command === 'disable' ? 'disabled' : 'active' });
        console.log(`${command}d ${user.email}`);
        return;
      }
      case 'set-password': {
        const user = await find();
        const { generated_password } = await admin.resetPassword(user.id, chosenPassword());
        console.log(`password changed for ${user.email}`);
        if (generated_password) console.log(`password: ${generated_password}`);
        return;
      }
      case 'set-role': {
        const user = await find();
        const role = parse(Role, extra, 'role');
        await admin.update(user.id, { role });
        console.log(`${user.email} is now ${role}`);
        return;
      }
      default:
        throw new UsageError(USAGE);
    }
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof AppError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
