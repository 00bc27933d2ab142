import { pageProblem } from '../parse/page-check';

/** Why a challenge could not be passed: one list shared with the page (`contract/`). */
export type { ChallengeReason } from '@capshelf/contract';

/** Interactive challenges a headless browser cannot pass on its own. */
const CAPTCHA_MARKERS =
  /cf-turnstile|challenges\.cloudflare\.com\/turnstile|h-captcha|g-recaptcha/i;

/**
 * Whether an answer is a Cloudflare challenge: the `cf-mitigated: challenge` header (on a 403 or
 * 503), or a body with the usual markers ("Just a moment", `__cf_chl_`,
 * `/cdn-cgi/challenge-platform`, `cf-browser-verification`) that is not a real page of the site.
 */
export function isChallenge(cfMitigated: string, body: string): boolean {
  return cfMitigated.toLowerCase() === 'challenge' || pageProblem(body) === 'challenge';
}

export function needsHuman(body: string): boolean {
  return CAPTCHA_MARKERS.test(body);
}
