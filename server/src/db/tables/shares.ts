import type { Generated } from 'kysely';

/** A user's share link (migration 031). */
export interface SharesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** Signs the share's image addresses and grants (base64url, 32 random bytes). */
  sign_key: string;
  kind: 'images' | 'episode' | 'favorites';
  title: string;
  password_hash: string | null;
  expires_at: string | null;
  max_views: number | null;
  views: Generated<number>;
  allow_download: number;
  revoked_at: string | null;
  created_at: string;
}

/** What a share shows, in order (migration 031). */
export interface ShareImagesTable {
  share_id: number;
  position: number;
  kind: 'anime' | 'tv' | 'movie';
  image_id: number;
}
