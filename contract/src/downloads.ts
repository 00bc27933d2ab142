import { z } from 'zod';
import {
  DatasetOptions,
  DEFAULT_NEAR_DUPLICATE_THRESHOLD,
  DownloadDestination,
  ExportLayout,
  NearDuplicateThreshold,
  SkippedReasons,
} from './dataset-options';
import { validationMessages } from './messages';

export const MAX_DOWNLOAD_IMAGES = 5000;
export const DEFAULT_DOWNLOAD_PREFIX = 'fancaps_images';

/** Windows refuses these as a file's name, whatever follows the dot (`CON.zip`, `nul_1.jpg` is fine). */
const RESERVED_NAME = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;

/**
 * The filename rule: drop <>:"/\|?* (and control characters, and the bidirectional controls
 * that make `gpj.exe` read as `exe.jpg`), turn runs of spaces, hyphens and underscores into one
 * underscore, trim underscores (and leading dots), cap at 50 characters, fall back to
 * `fancaps_images` (also for a name Windows reserves, `CON`, `NUL`…). Page and server both apply
 * it; the server never trusts the page's.
 */
export function sanitizeFilenamePrefix(text: string): string {
  const cleaned = text
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[\s_-]+/g, '_')
    .replace(/^[_.]+|_+$/g, '')
    .slice(0, 50)
    .replace(/_+$/, '');
  return cleaned && !RESERVED_NAME.test(cleaned) ? cleaned : DEFAULT_DOWNLOAD_PREFIX;
}

/**
 * The one size vocabulary (docs/api.md, "Sizes"): what a download holds, named by what it is.
 * `original`: the 1920×1080-class originals; `compressed`: the compressed host's copies, offered
 * only where one is configured; `thumb`: the thumbnails.
 */
export const DownloadSize = z.enum(['original', 'compressed', 'thumb']);
export type DownloadSize = z.infer<typeof DownloadSize>;

/**
 * Words older clients and scripts send, still accepted: the server maps them to what their host
 * delivers (`large` is the original, `small` the compressed host's, which is the original where
 * none is configured).
 */
export const LegacyImageSize = z.enum(['thumb', 'small', 'large']);
export type LegacyImageSize = z.infer<typeof LegacyImageSize>;

/** What a ZIP holds, as its name says: one size, or `mixed` when a selection's URLs differ. */
export type ZipContents = DownloadSize | 'mixed';

/** Size words a sent prefix may end in (old and new); the server names the size itself. */
const SIZE_SUFFIX = /[\s_-]+(thumb|small|large|compressed|original)$/;

/**
 * The title part of a sent prefix: the rule applied, a trailing size word dropped (the server
 * appends what the archive really holds).
 */
export function downloadTitleOf(text: string): string {
  const suffix = SIZE_SUFFIX.exec(text.trim());
  return sanitizeFilenamePrefix(suffix ? text.trim().slice(0, suffix.index) : text);
}

/** See docs/api.md, "Download states". */
export const DownloadState = z.enum([
  'pending',
  'running',
  'paused',
  'completed',
  'partial',
  'failed',
  'cancelled',
]);
export type DownloadState = z.infer<typeof DownloadState>;
/** States a task never leaves by itself (retry and remove are the owner's to do). */
export const FINISHED_DOWNLOAD_STATES: readonly DownloadState[] = [
  'completed',
  'partial',
  'failed',
  'cancelled',
];

export const CreateDownloadRequest = z.object({
  image_urls: z
    .array(z.string().min(1).max(2000))
    .min(1, validationMessages.downloadNothingSelected)
    .max(MAX_DOWNLOAD_IMAGES, validationMessages.downloadTooMany),
  /** The title the archive is named after (a trailing size word, as older pages sent it, is dropped). */
  filename_prefix: z.string().max(300).default(DEFAULT_DOWNLOAD_PREFIX),
  /** Every image at this size; absent: each at the size its URL names (old clients). */
  size: DownloadSize.optional(),
  /**
   * The dataset options, as fields of the body. The selection, in the order given, is one scope;
   * `near_duplicate_scope` is accepted alike.
   */
  ...DatasetOptions.shape,
});
export type CreateDownloadRequest = z.input<typeof CreateDownloadRequest>;

/** Most frames a review may keep, and most it may drop, against the filter's decision. */
export const MAX_REVIEW_OVERRIDES = 50_000;
export const ReviewOverrideIds = z
  .array(z.number().int().positive().max(999_999_999_999))
  .max(MAX_REVIEW_OVERRIDES, validationMessages.reviewTooMany);

/**
 * Whether no frame is both kept and dropped. One set of the drops, built once: the lists may hold
 * 50,000 ids each, so a search per pair would keep the server busy for seconds.
 */
export function noFrameKeptAndDropped(keep: readonly number[], drop: readonly number[]): boolean {
  const dropped = new Set(drop);
  return !keep.some((id) => dropped.has(id));
}

/** Which work, which of its episodes and at what size a whole-work job (or its review) reads. */
export const workScopeFields = {
  /** The show or movie URL, or a show's query part as POST /episodes/ takes it (with `kind`). */
  work_url: z.string().trim().min(1, validationMessages.workUrlMissing).max(2000),
  kind: z.enum(['anime', 'tv']).optional(),
  /** Ids as POST /episodes/ lists them; absent means every episode. */
  episode_ids: z
    .array(z.number().int().positive().max(999_999_999_999))
    .min(1)
    .max(5000)
    .optional(),
  size: z.union([DownloadSize, LegacyImageSize]),
};

/** POST /download/work: every image of a work (or of some of its episodes) in one ZIP. */
export const CreateWorkDownloadRequest = z
  .object({
    ...workScopeFields,
    ...DatasetOptions.shape,
    /** The review's decision (制作数据集): frames kept although the filter drops them, and dropped although it keeps them. */
    keep_image_ids: ReviewOverrideIds.optional(),
    drop_image_ids: ReviewOverrideIds.optional(),
  })
  .refine(
    ({ keep_image_ids: keep = [], drop_image_ids: drop = [] }) => noFrameKeptAndDropped(keep, drop),
    {
      message: validationMessages.reviewOverlap,
      path: ['drop_image_ids'],
    },
  );
export type CreateWorkDownloadRequest = z.input<typeof CreateWorkDownloadRequest>;

export const EpisodeProgress = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Images of the episode; null until its listing is read. */
  total: z.number().int().nullable(),
  done: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type EpisodeProgress = z.infer<typeof EpisodeProgress>;

/**
 * Why a task is paused, failed or was cancelled, as a code and its values, so the page tells it in
 * its own language (`error` and `pause_reason` keep the server's Chinese text).
 */
export const TaskReason = z.discriminatedUnion('code', [
  /** The source asked the app to slow down; the task goes on by itself at `resume_at`. */
  z.object({
    code: z.literal('SOURCE_COOLING'),
    host: z.string(),
    seconds: z.number().int(),
    /** Which of the source's hosts: its image hosts, or its pages (absent on older tasks). */
    source: z.enum(['images', 'pages']).optional(),
  }),
  /** No answer from the source; the task tries again by itself at `resume_at`. */
  z.object({ code: z.literal('SOURCE_UNREACHABLE'), seconds: z.number().int() }),
  z.object({ code: z.literal('TOO_MANY_IMAGES'), count: z.number().int(), max: z.number().int() }),
  /** Space the archive needs and the space left, in GB with one decimal. */
  z.object({ code: z.literal('DISK_FULL'), needed_gb: z.number(), free_gb: z.number() }),
  z.object({ code: z.literal('NOTHING_FETCHED') }),
  z.object({ code: z.literal('ARCHIVE_FAILED') }),
  z.object({ code: z.literal('CANCELLED') }),
  /** Paused by its owner: it waits until they resume it (a restart leaves it paused). */
  z.object({ code: z.literal('USER_PAUSED') }),
  /** The owner's kept archives and library folder fill their quota: it waits until they free some. */
  z.object({ code: z.literal('QUOTA_FULL'), used_bytes: z.number(), quota_bytes: z.number() }),
]);
export type TaskReason = z.infer<typeof TaskReason>;

export const DownloadStatus = z.object({
  download_id: z.string(),
  status: DownloadState,
  file_name: z.string(),
  file_count: z.number().int(),
  done_count: z.number().int(),
  failed_count: z.number().int(),
  bytes_written: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  job: z.enum(['images', 'work']),
  /** Whole-work jobs: episodes listed and fully fetched, and each episode's progress. */
  episodes_total: z.number().int().nullable(),
  episodes_done: z.number().int().nullable(),
  episodes: z.array(EpisodeProgress).nullable(),
  /** Frames left out (near-duplicates and quality filters). */
  skipped_count: z.number().int(),
  /** How many frames each reason left out; null when the task had no filter. */
  skipped_reasons: SkippedReasons.nullable(),
  /** While paused: why, and when the task tries again by itself. */
  pause_reason: z.string().nullable(),
  resume_at: z.string().nullable(),
  /** Why it is paused, failed or cancelled; null otherwise (and for tasks older than the codes). */
  reason: TaskReason.nullable(),
  /** Estimated seconds left while running; null when unknown. */
  eta_seconds: z.number().int().nullable(),
  /** Paused by its owner (暂停): only they resume it. */
  held: z.boolean(),
  /** What it holds, for the tray's line: the work (null: a selection), the size, the layout, where it goes. */
  work_title: z.string().nullable(),
  size: DownloadSize.nullable(),
  layout: ExportLayout,
  destination: DownloadDestination,
  /** Kept until its owner downloads it in full (`expires_at` null until then). */
  kept: z.boolean(),
  downloaded_at: z.string().nullable(),
  /** Where it was written on the server, relative to the owner's library folder; null: not there. */
  library_path: z.string().nullable(),
});
export type DownloadStatus = z.infer<typeof DownloadStatus>;

export const CreateDownloadResponse = z.object({
  download_id: z.string(),
  file_count: z.number().int(),
  status: DownloadState,
  /** Whole-work jobs only. */
  episodes_total: z.number().int().optional(),
  episodes_done: z.number().int().optional(),
});
export type CreateDownloadResponse = z.infer<typeof CreateDownloadResponse>;

/**
 * The owner's storage on the server: archives kept for them and their library folder, against
 * their quota (`DOWNLOAD_KEEP_MAX`), and whether the server has a library folder at all.
 */
export const DownloadStorage = z.object({
  kept_bytes: z.number(),
  kept_count: z.number().int(),
  library_bytes: z.number(),
  quota_bytes: z.number(),
  over_quota: z.boolean(),
  library_enabled: z.boolean(),
  /** Where their latest task went: the download dialogs start from it. */
  last_destination: DownloadDestination,
  /**
   * The WD14 tagger's short name when the server tags dataset archives (`TAGGER_MODEL`), e.g.
   * `wd-eva02-large-tagger-v3`; null or absent: no tags. The dialogs show 标签：已开启 with it.
   */
  tagger_model: z.string().nullable().optional(),
});
export type DownloadStorage = z.infer<typeof DownloadStorage>;

/** 用户管理: what each user keeps on the server (admins only). */
export const UserStorageList = z.object({
  users: z.array(
    z.object({
      user_id: z.number().int(),
      kept_bytes: z.number(),
      kept_count: z.number().int(),
      library_bytes: z.number(),
    }),
  ),
  quota_bytes: z.number(),
});
export type UserStorageList = z.infer<typeof UserStorageList>;

export const DownloadList = z.object({
  downloads: z.array(DownloadStatus),
  storage: DownloadStorage,
});
export type DownloadList = z.infer<typeof DownloadList>;

export const DownloadParams = z.object({
  id: z.string().regex(/^[\w-]{10,64}$/, validationMessages.downloadIdInvalid),
});

/** POST /download/near-duplicates: which of an episode's images (in grid order) repeat a frame. */
export const NearDuplicatesRequest = z.object({
  kind: z.enum(['anime', 'tv', 'movie']),
  image_ids: z
    .array(z.number().int().positive().max(999_999_999_999))
    .min(1)
    .max(MAX_DOWNLOAD_IMAGES),
  threshold: NearDuplicateThreshold.default(DEFAULT_NEAR_DUPLICATE_THRESHOLD),
});
export type NearDuplicatesRequest = z.input<typeof NearDuplicatesRequest>;

export const NearDuplicatesResponse = z.object({
  /** Images within the threshold of the last kept one: the grid hides them. */
  hidden_ids: z.array(z.number().int()),
  /** Images that could not be hashed (not fetchable): never hidden. */
  unknown_ids: z.array(z.number().int()),
});
export type NearDuplicatesResponse = z.infer<typeof NearDuplicatesResponse>;

/**
 * POST /download/work/estimate (same body as POST /download/work): what the job would take,
 * from what the server already knows; it reads no listing the job itself would not read.
 */
export const WorkDownloadEstimate = z.object({
  /** The size the archive would hold, as the hosts deliver it. */
  size: DownloadSize,
  episodes: z.number().int(),
  /** Chosen episodes whose image list is stored (their counts are exact). */
  episodes_known: z.number().int(),
  /** Images: exact when every episode is known, else scaled from the known ones; null: none known. */
  images: z.number().int().nullable(),
  approximate: z.boolean(),
  /** Of those, already in the image cache at this size (no request needed). */
  cached_images: z.number().int(),
  /** The archive's size: measured cache averages of this size, else a typical size; null with `images`. */
  bytes: z.number().int().nullable(),
  /** Time at the configured pace for what is not cached yet (images and unread listings). */
  seconds: z.number().int().nullable(),
  /** Set when the user cannot start it now: the same limit POST /download/work would answer 429 with. */
  limit_reached: z
    .object({ kind: z.enum(['unfinished', 'work']), max: z.number().int() })
    .nullable(),
});
export type WorkDownloadEstimate = z.infer<typeof WorkDownloadEstimate>;
