import type { ImageSize, PublicShareImage, Share, ShareState } from '@capshelf/contract';
import type { Kind } from '../config';
import { sign } from './signing';
import type { ShareWithOwner } from './store';

/** Where a share stands now: revoked, past its expiry, out of views, or open. */
export function stateOf(row: ShareWithOwner, now: number): ShareState {
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now) return 'expired';
  if (row.max_views !== null && row.views >= row.max_views) return 'used_up';
  return 'active';
}

export function shareAnswer(row: ShareWithOwner, now: number): Share {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    image_count: row.image_count,
    state: stateOf(row, now),
    expires_at: row.expires_at,
    max_views: row.max_views,
    views: row.views,
    allow_download: row.allow_download === 1,
    has_password: row.password_hash !== null,
    created_at: row.created_at,
    owner: { id: row.user_id, name: row.owner_name },
  };
}

/** The signed address of one image of a share, good until `exp` (seconds). */
export function fileUrl(row: ShareWithOwner, id: number, size: ImageSize, exp: number) {
  const sig = sign(row.sign_key, `${id}:${size}:${exp}`);
  return `/api/public/share-files/${row.id}/${id}.jpg?${new URLSearchParams({ size, exp: String(exp), sig })}`;
}

export function archiveUrl(row: ShareWithOwner, exp: number) {
  const sig = sign(row.sign_key, `zip:${exp}`);
  return `/api/public/share-files/${row.id}/archive.zip?${new URLSearchParams({ exp: String(exp), sig })}`;
}

export function publicImage(
  row: ShareWithOwner,
  image: { kind: Kind; id: number },
  exp: number,
): PublicShareImage {
  return {
    id: image.id,
    kind: image.kind,
    thumb_url: fileUrl(row, image.id, 'thumb', exp),
    view_url: fileUrl(row, image.id, 'small', exp),
    original_url: row.allow_download === 1 ? fileUrl(row, image.id, 'large', exp) : null,
  };
}
