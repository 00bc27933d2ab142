import type { Config } from '../config';
import { isUniqueViolation } from '../db';
import type { Logger } from '../logger';
import { generatePassword } from './secrets';
import type { UserRepository } from './users';

/** First start with no users: create the admin, printing a generated password exactly once. */
export async function ensureAdmin(
  users: UserRepository,
  config: Config,
  logger: Logger,
): Promise<void> {
  if ((await users.count()) > 0) return;
  const password = config.admin.password ?? generatePassword();
  try {
    await users.create({ email: config.admin.email, password, role: 'admin', username: 'admin' });
  } catch (error) {
    // Two processes started at once on an empty database: the other one made the admin.
    if (isUniqueViolation(error)) return;
    throw error;
  }
  if (config.admin.password) {
    logger.info(
      { email: config.admin.email },
      'created the admin account from ADMIN_EMAIL/ADMIN_PASSWORD',
    );
  } else {
    process.stdout.write(
      `\n  Admin account created.\n    email:    ${config.admin.email}\n    password: ${password}\n` +
        '  This password is shown only once. Change it on the profile page.\n\n',
    );
  }
}
