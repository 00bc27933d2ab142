import {
  MAX_SHARE_IMAGES,
  type ChangeShareRequest,
  type CreatedShare,
  type CreateShareRequest,
  type PublicShare,
  type Share,
} from '@capshelf/contract';
import type { Kysely } from 'kysely';
import type { AuditLog } from '../audit';
import { addressKey } from '../auth/client-address';
import type { RateLimits } from '../auth/rate-limits';
import { hashPassword, hashToken, newToken, verifyPassword } from '../auth/secrets';
import type { CatalogService } from '../catalog';
import type { Kind } from '../config';
import type { Database } from '../db';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../errors';
import { archiveUrl, publicImage, shareAnswer, stateOf } from './answers';
import { grant, grantExpiry, grantHolds, newSignKey, signedBy } from './signing';
import type { ShareStore, ShareWithOwner } from './store';

/**
 * How long a counted visit lasts: its image addresses stay good, and a reload within it (its
 * cookie) counts no view again. An unlocked visitor's grant lasts GRANT_TTL_MS.
 */
export const FILE_URL_TTL_MS = 60 * 60_000;
export const GRANT_TTL_MS = 12 * 60 * 60_000;
/** Password tries: per share and visitor's address, and per share over every address. */
const TRIES_PER_ADDRESS = 5;
const TRIES_PER_SHARE = 50;
const TRIES_WINDOW_MS = 15 * 60_000;
const GONE = '分享链接不存在或已失效';

export interface Caller {
  id: number;
  role: 'admin' | 'user';
}

/**
 * Share links. The owner makes, lists, changes and revokes theirs (an admin sees and revokes
 * everyone's); a visitor with the link sees what it shows, unlocks it with its password, and reads
 * its images and archive through addresses signed with the share's own key. Every visitor's
 * request checks the share again (revoked, expired, out of views, owner disabled), so a share
 * that stops, stops every address it handed out at once.
 */
export class SharesService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      store: ShareStore;
      catalog: Pick<CatalogService, 'resolveEpisode' | 'episodeImages'>;
      /** The owner's favourite images now, newest first (a favourites share's snapshot). */
      favoriteImages: (userId: number) => Promise<{ kind: Kind; id: number }[]>;
      /** The kinds the cache knows images by (an `images` share that names none). */
      kindsOf: (ids: readonly number[]) => Promise<Map<number, Kind>>;
      audit: AuditLog;
      limits: RateLimits;
      publicUrl: string;
      now: () => number;
    },
  ) {}

  async create(owner: Caller, input: CreateShareRequest): Promise<CreatedShare> {
    const { images, title, field } = await this.contents(owner.id, input);
    if (images.length === 0) throw badRequest('没有可分享的图片');
    if (images.length > MAX_SHARE_IMAGES) {
      throw badRequest(
        `${field}: 一个分享最多 ${MAX_SHARE_IMAGES} 张图片，这里有 ${images.length} 张`,
      );
    }
    const now = this.deps.now();
    const token = newToken();
    const id = await this.deps.store.create(
      {
        user_id: owner.id,
        token_hash: hashToken(token),
        sign_key: newSignKey(),
        kind: input.kind,
        title: input.title || title,
        password_hash: input.password ? await hashPassword(input.password) : null,
        expires_at: expiry(now, input.expires_in ?? null),
        max_views: input.max_views ?? null,
        allow_download: input.allow_download === false ? 0 : 1,
        revoked_at: null,
        created_at: new Date(now).toISOString(),
      },
      images,
    );
    await this.audit(owner.id, 'share.create', id, { kind: input.kind, images: images.length });
    const row = (await this.deps.store.byId(id))!;
    return { ...shareAnswer(row, now), url: `${this.deps.publicUrl}/s/${token}` };
  }

  /**
   * What a new share shows, fixed now, the title it takes when given none (empty: the page names
   * it in the visitor's language) and the field a share too large is blamed on.
   */
  private async contents(userId: number, input: CreateShareRequest) {
    if (input.kind === 'favorites') {
      return { images: await this.deps.favoriteImages(userId), title: '', field: 'kind' };
    }
    if (input.kind === 'episode') {
      if (!input.episode_url) throw badRequest('episode_url: 请给出剧集或电影的地址');
      const ref = this.episodeRef(input.episode_url);
      const { value } = await this.deps.catalog.episodeImages(ref, 'smart');
      const title = [value.workTitle, value.episodeTitle].filter(Boolean).join(' ');
      const images = value.imageIds.map((id) => ({ kind: value.kind, id }));
      return { images, title, field: 'episode_url' };
    }
    if (!input.image_ids) throw badRequest('image_ids: 请给出要分享的图片');
    const ids = [...new Set(input.image_ids)];
    const kinds = input.image_kind ? null : await this.deps.kindsOf(ids);
    const images = ids.map((id) => ({ kind: input.image_kind ?? kinds!.get(id) ?? 'anime', id }));
    return { images, title: '', field: 'image_ids' };
  }

  /** The catalog names its own field (`episode_id`); here the address came as `episode_url`. */
  private episodeRef(url: string) {
    try {
      return this.deps.catalog.resolveEpisode(url);
    } catch {
      throw badRequest('episode_url: 不是有效的剧集或电影地址');
    }
  }

  async list(caller: Caller, everyone: boolean): Promise<Share[]> {
    if (everyone && caller.role !== 'admin') throw forbidden('只有管理员可以查看全部用户的分享');
    const rows = await this.deps.store.list(everyone ? null : caller.id);
    const now = this.deps.now();
    return rows.map((row) => shareAnswer(row, now));
  }

  async change(caller: Caller, id: number, input: ChangeShareRequest): Promise<Share> {
    const row = await this.owned(caller, id);
    if (row.revoked_at !== null) throw conflict('分享已撤销，不能再修改');
    const now = this.deps.now();
    const values: Parameters<ShareStore['change']>[1] = {};
    if (input.expires_in !== undefined) values.expires_at = expiry(now, input.expires_in);
    if (input.allow_download !== undefined) values.allow_download = input.allow_download ? 1 : 0;
    if (input.password !== undefined) {
      values.password_hash = input.password === null ? null : await hashPassword(input.password);
      // A new password ends every visit the old one let in, and every address handed out.
      values.sign_key = newSignKey();
    }
    await this.deps.store.change(row.id, values);
    await this.audit(caller.id, 'share.change', row.id, {
      expiry: input.expires_in !== undefined,
      password: input.password !== undefined,
      download: input.allow_download ?? null,
    });
    return shareAnswer((await this.deps.store.byId(row.id))!, now);
  }

  async revoke(caller: Caller, id: number): Promise<Share> {
    const row = await this.owned(caller, id);
    const now = this.deps.now();
    if (row.revoked_at === null) {
      await this.deps.store.change(row.id, {
        revoked_at: new Date(now).toISOString(),
        sign_key: newSignKey(),
      });
      await this.audit(caller.id, 'share.revoke', row.id, { owner: row.owner_name });
    }
    return shareAnswer((await this.deps.store.byId(row.id))!, now);
  }

  /** The owner's share, or an admin's view of anyone's; 404 for everyone else, as if it were none. */
  private async owned(caller: Caller, id: number): Promise<ShareWithOwner> {
    const row = await this.deps.store.byId(id);
    if (!row || (row.user_id !== caller.id && caller.role !== 'admin')) {
      throw notFound('分享不存在');
    }
    return row;
  }

  // --------------------------------------------------------------------------------------------
  // Visitors.

  /**
   * A share a visitor may see: not revoked or expired, its owner not disabled; out of views too
   * when `newVisit` (a visit counted before keeps its addresses until they expire).
   */
  private async usable(tokenOrId: string | number, newVisit = false): Promise<ShareWithOwner> {
    const { store } = this.deps;
    const row =
      typeof tokenOrId === 'number'
        ? await store.byId(tokenOrId)
        : await store.byTokenHash(hashToken(tokenOrId));
    const state = row && stateOf(row, this.deps.now());
    if (!row || row.owner_disabled || state === 'revoked' || state === 'expired') {
      throw notFound(GONE);
    }
    if (newVisit && state === 'used_up') throw notFound(GONE);
    return row;
  }

  /**
   * A visit: the share's images with addresses good for an hour, counted as one view. Its `visit`
   * value (the page's cookie) opens it again within that hour without counting, with the same
   * addresses' expiry. A share with a password says only that it is locked until its grant comes
   * along; one out of views says it is gone to anyone without a visit.
   */
  async open(
    token: string,
    grantValue: string | undefined,
    visitValue: string | undefined,
  ): Promise<{ share: PublicShare; visit: string | null }> {
    const now = this.deps.now();
    const row = await this.usable(token);
    const counted =
      visitValue !== undefined && grantHolds(row.sign_key, 'view', visitValue, now)
        ? visitValue
        : null;
    if (!counted && stateOf(row, now) === 'used_up') throw notFound(GONE);
    if (row.password_hash !== null) {
      if (!grantValue || !grantHolds(row.sign_key, 'visit', grantValue, now)) {
        return { share: { locked: true }, visit: null };
      }
    }
    if (!counted && !(await this.deps.store.countView(row.id))) throw notFound(GONE);
    const visit = counted ?? grant(row.sign_key, 'view', now, FILE_URL_TTL_MS);
    return { share: await this.shown(row, grantExpiry(visit), now), visit };
  }

  private async shown(row: ShareWithOwner, exp: number, now: number): Promise<PublicShare> {
    const images = await this.deps.store.images(row.id);
    return {
      locked: false,
      title: row.title,
      kind: row.kind,
      owner_name: row.owner_name,
      expires_at: row.expires_at,
      allow_download: row.allow_download === 1,
      images: images.map((image) => publicImage(row, image, exp)),
      zip_url: row.allow_download === 1 ? archiveUrl(row, exp) : null,
      links_valid_for: Math.max(0, exp - Math.floor(now / 1000)),
    };
  }

  /**
   * The password of a share, tried at most 5 times per 15 minutes from one address and 50 over
   * all, both counted before the hash is computed. Past the share's 50 an address that has not
   * tried yet still gets its one try: strangers guessing cannot shut the owner's friends out.
   */
  async unlock(token: string, password: string, ip: string): Promise<string> {
    const row = await this.usable(token, true);
    const now = this.deps.now();
    if (row.password_hash === null) return grant(row.sign_key, 'visit', now, GRANT_TTL_MS);
    const { limits } = this.deps;
    const address = addressKey(ip);
    const fromHere = await limits.hit(
      `share:${row.id}:${address}`,
      TRIES_PER_ADDRESS,
      TRIES_WINDOW_MS,
    );
    if (fromHere > 0) throw tooManyRequests('密码尝试次数过多，请稍后再试', fromHere);
    const overall = await limits.hit(`share:${row.id}`, TRIES_PER_SHARE, TRIES_WINDOW_MS);
    const firstFromHere = (await limits.attempts(`share:${row.id}:${address}`)) === 1;
    if (overall > 0 && !firstFromHere) {
      throw tooManyRequests('密码尝试次数过多，请稍后再试', overall);
    }
    if (!(await verifyPassword(row.password_hash, password))) {
      throw forbidden('密码不正确');
    }
    await limits.clear(`share:${row.id}:${address}`);
    await this.audit(null, 'share.unlock', row.id, {});
    return grant(row.sign_key, 'visit', now, GRANT_TTL_MS);
  }

  /** An image a visit was given the address of: the share is checked again, then the signature. */
  async file(
    shareId: number,
    imageId: number,
    query: { size: 'thumb' | 'small' | 'large'; exp: number; sig: string },
  ): Promise<{ owner: number; kind: Kind; size: 'thumb' | 'small' | 'large' }> {
    const row = await this.usable(shareId);
    const { size } = query;
    this.checkSigned(row, `${imageId}:${size}:${query.exp}`, query);
    // 原图 is the owner's to allow: taking it away stops the addresses already handed out.
    if (size === 'large' && row.allow_download !== 1) throw forbidden('这个分享不提供原图');
    const kind = await this.deps.store.imageKind(row.id, imageId);
    if (!kind) throw notFound(GONE);
    return { owner: row.user_id, kind, size };
  }

  /** The archive of a share a visit was given the address of (when downloads are allowed). */
  async archive(shareId: number, query: { exp: number; sig: string }) {
    const row = await this.usable(shareId);
    this.checkSigned(row, `zip:${query.exp}`, query);
    if (row.allow_download !== 1) throw forbidden('这个分享不允许下载');
    await this.audit(null, 'share.download', row.id, { images: row.image_count });
    return { row, images: await this.deps.store.images(row.id) };
  }

  private checkSigned(row: ShareWithOwner, message: string, query: { exp: number; sig: string }) {
    const expired = query.exp * 1000 < this.deps.now();
    if (expired || !signedBy(row.sign_key, message, query.sig)) throw notFound(GONE);
  }

  private audit(
    actorId: number | null,
    action: 'share.create' | 'share.change' | 'share.revoke' | 'share.unlock' | 'share.download',
    shareId: number,
    detail: Record<string, string | number | boolean | null>,
  ) {
    return this.deps.audit.record({
      actorId,
      source: 'web',
      action,
      target: `share:${shareId}`,
      detail,
    });
  }
}

const expiry = (now: number, seconds: number | null) =>
  seconds === null ? null : new Date(now + seconds * 1000).toISOString();
