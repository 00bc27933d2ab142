import { z } from 'zod';
import { IMAGE_FILE, ImageSize, Kind } from './browse';
import { validationMessages } from './messages';

/**
 * Share links (issue 38): a set of pictures anyone with the link may see, read-only and without an
 * account. What a share shows is fixed when it is made: the images it names, an episode's images
 * as they were listed, or the owner's favourite images at that moment.
 */
export const ShareKind = z.enum(['images', 'episode', 'favorites']);
export type ShareKind = z.infer<typeof ShareKind>;

/** The most images one share shows. */
export const MAX_SHARE_IMAGES = 2000;
const DAY = 86_400;
/** Seconds; null: until revoked. */
const ExpiresIn = z
  .number()
  .int()
  .min(300)
  .max(365 * DAY)
  .nullable();
const SharePassword = z.string().min(4).max(200);

export const CreateShareRequest = z.object({
  kind: ShareKind,
  /** `images`: the images shown, in this order. */
  image_ids: z
    .array(z.number().int().positive().max(999_999_999_999))
    .min(1)
    .max(MAX_SHARE_IMAGES)
    .optional(),
  /** `images`: the kind of the images (their URLs need it). */
  image_kind: Kind.optional(),
  /** `episode`: the episode's (a movie's) address on the source site. */
  episode_url: z.string().trim().min(1).max(2000).optional(),
  title: z.string().trim().max(200).optional(),
  password: SharePassword.optional(),
  /** Default: 7 days. */
  expires_in: ExpiresIn.default(7 * DAY),
  allow_download: z.boolean().default(true),
  max_views: z.number().int().min(1).max(1_000_000).nullable().default(null),
});
export type CreateShareRequest = z.input<typeof CreateShareRequest>;

export const ShareState = z.enum(['active', 'expired', 'revoked', 'used_up']);
export type ShareState = z.infer<typeof ShareState>;

export const Share = z.object({
  id: z.number().int(),
  kind: ShareKind,
  /** Empty when the owner gave none: the page names it by kind and count in its own language. */
  title: z.string(),
  image_count: z.number().int(),
  state: ShareState,
  expires_at: z.string().nullable(),
  max_views: z.number().int().nullable(),
  views: z.number().int(),
  allow_download: z.boolean(),
  has_password: z.boolean(),
  created_at: z.string(),
  /** Whose share it is (an admin's list holds everyone's). */
  owner: z.object({ id: z.number().int(), name: z.string() }),
});
export type Share = z.infer<typeof Share>;

/** The link is shown once: only a hash of its token is kept. */
export const CreatedShare = Share.extend({ url: z.string() });
export type CreatedShare = z.infer<typeof CreatedShare>;

export const SharesQuery = z.object({ scope: z.enum(['mine', 'all']).default('mine') });
export const SharesResponse = z.object({ shares: z.array(Share) });
export type SharesResponse = z.infer<typeof SharesResponse>;

export const ShareIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * A change of expiry (from now), password (null: none) or download, at least one of them; a
 * changed password ends every open visit.
 */
export const ChangeShareRequest = z
  .object({
    expires_in: ExpiresIn.optional(),
    password: SharePassword.nullable().optional(),
    allow_download: z.boolean().optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    validationMessages.userChangeEmpty,
  );
export type ChangeShareRequest = z.input<typeof ChangeShareRequest>;

// ------------------------------------------------------------------------------------------
// The public page (`/s/<token>`): no account.

export const ShareTokenParams = z.object({ token: z.string().min(20).max(100) });

/** `x-share-grant`: what unlocking a share with a password gives the visitor's page. */
export const SHARE_GRANT_HEADER = 'x-share-grant';

export const PublicShareImage = z.object({
  id: z.number().int(),
  kind: Kind,
  /** Signed, short-lived addresses of this share's copy: they stop with the share. */
  thumb_url: z.string(),
  /** The compressed picture the lightbox shows. */
  view_url: z.string(),
  /** 原图: only when the owner allows downloads. */
  original_url: z.string().nullable(),
});
export type PublicShareImage = z.infer<typeof PublicShareImage>;

/** A locked share says nothing but that it is locked until its password is given. */
export const PublicShare = z.discriminatedUnion('locked', [
  z.object({ locked: z.literal(true) }),
  z.object({
    locked: z.literal(false),
    /** Empty: untitled (as `Share.title`). */
    title: z.string(),
    kind: ShareKind,
    owner_name: z.string(),
    expires_at: z.string().nullable(),
    allow_download: z.boolean(),
    images: z.array(PublicShareImage),
    /** The archive of every image (when downloads are allowed), for this visit. */
    zip_url: z.string().nullable(),
    /**
     * Seconds the addresses above stay valid from this answer (the rest of the visit); the page
     * asks again once they have run out, which starts a new visit.
     */
    links_valid_for: z.number().int().nonnegative(),
  }),
]);
export type PublicShare = z.infer<typeof PublicShare>;

export const UnlockShareRequest = z.object({ password: z.string().min(1).max(200) });
export const UnlockShareResponse = z.object({ grant: z.string() });

export const ShareFileParams = z.object({
  shareId: z.coerce.number().int().positive().max(2_147_483_647),
  file: z.string().regex(IMAGE_FILE),
});
/** Seconds since 1970 a signed address lasts until (no later than 2100). */
const Expiry = z.coerce.number().int().positive().max(4_102_444_800);
export const ShareFileQuery = z.object({
  size: ImageSize,
  exp: Expiry,
  sig: z.string().min(10).max(100),
});
export const ShareZipQuery = z.object({
  exp: Expiry,
  sig: z.string().min(10).max(100),
});
