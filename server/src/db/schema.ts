import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC strings (sortable as text on both dialects); booleans are 0/1. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  display_name: string | null;
  role: 'admin' | 'user';
  password_hash: string;
  disabled: number;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
}
