import type { Migration } from 'kysely';
import * as accounts from './001-accounts';

/** Every migration, in order. Names are permanent: never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
};
