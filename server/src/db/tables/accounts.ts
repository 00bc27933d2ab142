import type { Generated } from 'kysely';

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
  locale: Generated<'zh-CN' | 'en'>;
  theme: Generated<'light' | 'dark' | 'system'>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Filled on every insert (migration 009 backfilled older rows); judged by the idle timeout. */
  last_seen_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Attempt counters of the abuse limits: `count` attempts in the window ending at `reset_at` (ms). */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface UserSettingsTable {
  user_id: number;
  use_small_cdn: Generated<number>;
  /** 'smart' or 'fast', the user's last choice for episodes (see 010). */
  image_mode: string | null;
}

/** A user's personal access token (migration 022b); the token itself is never stored. */
export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  /** JSON list of 'read' | 'download' | 'favorites'. */
  scopes: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

/** A user's feed address token (migration 022c); one per user. */
export interface FeedTokensTable {
  user_id: number;
  token: string;
  created_at: string;
}

/** Admin actions, newest last (admin-owned; see migration 019). `detail` is a JSON object. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  source: 'web' | 'cli' | 'system';
  action: string;
  target: string;
  detail: string;
}
