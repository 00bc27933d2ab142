import { parseArgs } from 'node:util';
import { Email, NewPassword, Role } from '@capshelf/contract';
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { connectDb, isUniqueViolation, migrateToLatest } from '../db';
import { generatePassword, hashPassword } from './secrets';
import { SessionStore } from './sessions';
import { UserRepository } from './users';

const USAGE = `Usage: npm run users -- <command>
  add <email> [--role admin|user] [--password P] [--username U] [--name "Display Name"]
  list
  disable <email>            (also ends the user's sessions)
  enable <email>
  set-password <email> [--password P]   (generated and printed when omitted; ends sessions)
  set-role <email> admin|user`;

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
    const users = new UserRepository(db.kysely);
    const sessions = new SessionStore(
      db.kysely,
      config.auth.sessionTtlMs,
      config.auth.sessionIdleMs,
    );
    const find = async () => {
      const email = parse(Email, target, 'email');
      const user = await users.findByEmail(email);
      if (!user) throw new UsageError(`no user with email ${email}`);
      return user;
    };
    const passwordOrGenerated = () =>
      values.password === undefined
        ? generatePassword()
        : parse(NewPassword, values.password, 'password');

    switch (command) {
      case 'add': {
        const email = parse(Email, target, 'email');
        const password = passwordOrGenerated();
        const role = parse(Role, values.role ?? 'user', 'role');
        try {
          const user = await users.create({
            email,
            password,
            role,
            username: values.username,
            displayName: values.name ?? null,
          });
          console.log(`added ${user.email} (id ${user.id}, ${user.role})`);
        } catch (error) {
          if (isUniqueViolation(error))
            throw new UsageError('that email or username is already used');
          throw error;
        }
        if (values.password === undefined) console.log(`password: ${password}`);
        return;
      }
      case 'list': {
        const rows = await users.list();
        console.table(
          rows.map((u) => ({
            id: u.id,
            email: u.email,
            username: u.username,
            role: u.role,
            disabled: Boolean(u.disabled),
            created_at: u.created_at,
          })),
        );
        return;
      }
      case 'disable':
      case 'enable': {
        const user = await find();
        await users.update(user.id, { disabled: command === 'disable' ? 1 : 0 });
        if (command === 'disable') await sessions.revokeAll(user.id);
        console.log(`${command}d ${user.email}`);
        return;
      }
      case 'set-password': {
        const user = await find();
        const password = passwordOrGenerated();
        await users.setPasswordHash(user.id, await hashPassword(password));
        await sessions.revokeAll(user.id);
        console.log(`password changed for ${user.email}`);
        if (values.password === undefined) console.log(`password: ${password}`);
        return;
      }
      case 'set-role': {
        const user = await find();
        const role = parse(Role, extra, 'role');
        await users.update(user.id, { role });
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
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
