// The vocabulary of the route table: what kind of input a slot is, its valid sample, and the
// records the fixture made that valid requests name.

export type SlotKind =
  /** Our own row ids (favourites, history): positive 32-bit integers. */
  | 'row-id'
  /** Upstream ids: positive integers up to 12 digits. */
  | 'upstream-id'
  /** A page number or page size between 1 and `max`. */
  | 'count'
  /** `<id>.jpg` in the image bytes path. */
  | 'image-file'
  | 'download-id'
  | 'category'
  | 'episode-key'
  /** Must name a source-site page of the kind the call needs (show, episode, movie): nothing else. */
  | 'page-ref'
  /** Must name a source-site work, or nothing at all; other hosts and schemes are refused. */
  | 'site-url'
  /** A work or episode id as the page holds it: number, digits or a site URL (body only). */
  | 'upstream-id-input'
  /** An image id as a number or its digits (body only). */
  | 'image-id'
  | 'choice'
  | 'email'
  | 'password'
  /** Free text up to `max` characters (after trimming). */
  | 'text'
  /** A webhook address: http(s) to a public host (or one the admin allows). */
  | 'webhook-url'
  /** One of this server's or the source site's image URLs. */
  | 'image-url'
  /** A list of them. */
  | 'image-urls'
  /** A list of positive integer ids. */
  | 'id-list'
  /** A list of favourite records (an import file). */
  | 'record-list'
  /** A list of choices: at least `min`, at most `max`, each once when `distinct`. */
  | 'choice-list'
  /** A boolean field. */
  | 'flag'
  /** An integer between `min` and `max` (JSON number, body only). */
  | 'bounded-int';

export interface Slot {
  kind: SlotKind;
  /** A valid value; inputs without one are left out of the valid request. */
  valid?: unknown;
  required?: boolean;
  min?: number;
  max?: number;
  /** A list whose choices must differ (a repeat is refused, not folded). */
  distinct?: boolean;
}

export interface RouteInputs {
  params?: Record<string, Slot>;
  query?: Record<string, Slot>;
  /** Fields of a JSON body; routes without it read no body. */
  body?: Record<string, Slot>;
}

/** Ids of the records the fixture made, so valid requests name real objects. */
export interface Samples {
  favoriteIds: { work: number; episode: number; image: number };
  historyId: number;
  /** The signed-in user's personal access token. */
  tokenId: number;
  /** The signed-in user's follow of the fixture's show. */
  followId: number;
  /** The signed-in user's webhook channel (notifications). */
  channelId: number;
  /** The signed-in user's own id (the admin calls' sample target). */
  userId: number;
  downloadId: string;
  /** The show the fixture's episode belongs to (a whole-work download's `work_url`). */
  workUrl: string;
  /**
   * A work of one six-frame episode: the whole-work jobs and reviews a sweep starts many of end
   * in a moment (the fixture's work has 830 frames in one episode alone).
   */
  jobWorkUrl: string;
  episodeUrl: string;
  imageId: number;
  ownImageUrl: string;
  /** The user's share of the fixture's image, and one visit's signed addresses of it. */
  share: { id: number; token: string; exp: number; fileSig: string; zipSig: string };
  /** The user's review draft (制作数据集) of the job's work. */
  draftId: number;
}

export const slot = (kind: SlotKind, valid?: unknown, more: Partial<Slot> = {}): Slot => ({
  kind,
  valid,
  ...more,
});
export const text = (max: number, valid?: string, required = false) =>
  slot('text', valid, { max, required });
export const choice = (valid?: string, required = false) => slot('choice', valid, { required });
export const count = (max: number) => slot('count', undefined, { max });
export const titles = { search_term: text(500), show_title: text(500), episode_title: text(500) };
