import { z } from 'zod';
import { validationMessages } from './messages';
import { ImageHostState } from './browse';

/**
 * Why a challenge could not be passed: the solver is off, no Chromium (or it would not start), a
 * CAPTCHA that wants a human, no clearance within the solver's timeout, another browser failure,
 * a solve a moment ago whose clearance did not hold (solves are spaced), or the pasted/configured
 * cookie was refused, or the solver browser passed its memory ceiling and was killed.
 */
export const ChallengeReason = z.enum([
  'off',
  'no_browser',
  'captcha',
  'timeout',
  'failed',
  'paced',
  'rejected',
  'memory',
]);
export type ChallengeReason = z.infer<typeof ChallengeReason>;

export const HostState = z.enum(['ok', 'cooling_down', 'challenged', 'unreachable', 'degraded']);
export type HostState = z.infer<typeof HostState>;

export const HostEvent = z.object({
  at: z.string(),
  outcome: z.string(),
  status: z.number().int().nullable(),
});

export const SiteHost = z.object({
  host: z.string(),
  /** pages: the site itself (clearance applies); images: thumbnail and image hosts. */
  role: z.enum(['pages', 'images']),
  state: HostState,
  cooling_until: z.string().nullable(),
  requests_last_hour: z.number().int(),
  requests_last_day: z.number().int(),
  recent: z.array(HostEvent),
  /**
   * The impersonation profile that works for this host when it is not the primary (Chrome), e.g.
   * `firefox144` after the site refused Chrome's fingerprint; null: the primary.
   */
  profile: z.string().nullable(),
});
export type SiteHost = z.infer<typeof SiteHost>;

const Pacing = z.object({ concurrency: z.number().int(), spacing_ms: z.number().int() });
const CacheCounts = z.object({
  hits: z.number().int(),
  misses: z.number().int(),
  /** hits / (hits + misses), null before the first lookup. */
  hit_rate: z.number().nullable(),
});

/** One side's browser identity as it reaches the site. */
const PresentedIdentity = z.object({
  user_agent: z.string(),
  sec_ch_ua: z.string(),
  platform: z.string(),
});

/** The outcome of a check of the clearance against the site. */
export const ClearanceCheck = z.object({
  ok: z.boolean(),
  reason: ChallengeReason.nullable(),
  message: z.string(),
});
export type ClearanceCheck = z.infer<typeof ClearanceCheck>;

export const SiteHealthResponse = z.object({
  hosts: z.array(SiteHost),
  clearance: z.object({
    source: z.enum(['solver', 'pasted', 'environment']).nullable(),
    obtained_at: z.string().nullable(),
    /** The cookie with its values masked; the cookie itself never leaves the server. */
    cookie_masked: z.string().nullable(),
    user_agent: z.string().nullable(),
    challenged_at: z.string().nullable(),
    challenge_reason: ChallengeReason.nullable(),
    /**
     * The last check of the clearance (立即验证, or the one after a paste) and its outcome, as
     * this server process made it; null before the first since it started.
     */
    last_check: ClearanceCheck.extend({ at: z.string() }).nullable(),
  }),
  solver: z.object({
    mode: z.enum(['auto', 'off']),
    browser_installed: z.boolean(),
    timeout_ms: z.number().int(),
    solves: z.number().int(),
    failures: z.number().int(),
    last_solve_at: z.string().nullable(),
    /** While a challenge stays unsolved: when the next automatic try is due (it backs off). */
    next_try_at: z.string().nullable(),
  }),
  pacing: z.object({
    pages: Pacing,
    thumbs: Pacing,
    full: Pacing,
    jitter_ms: z.number().int(),
    cooldown_ms: z.number().int(),
    retries: z.number().int(),
    timeout_ms: z.number().int(),
  }),
  cache: z.object({ listings: CacheCounts, images: CacheCounts }),
  /**
   * The browser the transport presents (probed at start-up; null: not probed) and the one the
   * solver's Chromium presents, which must be the same for a clearance to carry over.
   */
  identity: z.object({
    transport: PresentedIdentity.nullable(),
    solver: PresentedIdentity,
    /** The installed Chromium, e.g. "Chromium 156.0.8078.108"; null: none found. */
    engine: z.string().nullable(),
    differences: z.array(z.enum(['user_agent', 'sec_ch_ua', 'platform'])),
  }),
  /** Image hosts the image store learnt are failing (skipped until a later probe). */
  image_hosts: z.array(ImageHostState),
});
export type SiteHealthResponse = z.infer<typeof SiteHealthResponse>;

export const SiteHealthActionResponse = z.object({
  check: ClearanceCheck,
  health: SiteHealthResponse,
});
export type SiteHealthActionResponse = z.infer<typeof SiteHealthActionResponse>;

/** A clearance copied out of a browser: its Cookie header (or just cf_clearance) and User-Agent. */
export const PasteClearanceRequest = z.object({
  cookie: z
    .string()
    .trim()
    .min(1, validationMessages.cookieEmpty)
    .max(4096)
    // Header-safe text only: the value goes into a Cookie header as is.
    .regex(/^[\x20-\x7e]+$/, validationMessages.cookieNotAscii)
    .refine((v) => v.includes('='), validationMessages.cookieFormat),
  user_agent: z
    .string()
    .trim()
    .min(1, validationMessages.userAgentEmpty)
    .max(1024)
    .regex(/^[\x20-\x7e]+$/, validationMessages.userAgentNotAscii),
});
export type PasteClearanceRequest = z.infer<typeof PasteClearanceRequest>;

/** Chinese texts for each reason, shared by the server's messages and the page. */
export const CHALLENGE_REASON_TEXT: Record<ChallengeReason, string> = {
  off: '自动验证已关闭（UPSTREAM_CHALLENGE_SOLVER=off）',
  no_browser: '服务器上没有安装 Chromium，无法自动通过验证',
  captcha: '源站要求人工完成验证码，无法自动通过',
  timeout: '自动验证超时，验证页面没有放行',
  failed: '自动验证失败',
  paced: '刚刚已自动验证过但仍被拦截，等待一段时间后再试',
  rejected: '当前的 Cookie 和 User-Agent 未被源站接受',
  memory: '验证用的浏览器占用内存超过上限，已被终止',
};
