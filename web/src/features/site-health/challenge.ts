import {
  CHALLENGE_REASON_TEXT,
  type ChallengeReason,
  type ClearanceCheck,
  type SiteHealthResponse,
} from '@capshelf/contract';
import { ApiError, isRecord, serverMessage } from '../../api/errors';
import { i18n } from '../../i18n';
import { formatDate } from '../../lib/formatDate';

/** Why the source site's challenge stopped a call, when that is what happened. */
export function challengeOf(error: unknown): ChallengeReason | null {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return null;
  const { challenge } = error.body;
  return typeof challenge === 'string' && Object.hasOwn(CHALLENGE_REASON_TEXT, challenge)
    ? (challenge as ChallengeReason)
    : null;
}

/** The reason in the page's language (the Chinese catalogue is the contract's CHALLENGE_REASON_TEXT). */
export const challengeText = (reason: ChallengeReason) => i18n.t(`siteHealth:reason.${reason}`);

/** A clearance check's result in the page's language (the server words it in Chinese). */
export function checkMessage(check: ClearanceCheck): string {
  if (check.reason) return challengeText(check.reason);
  const fallback = i18n.t(check.ok ? 'siteHealth:check.passed' : 'siteHealth:check.notPassed');
  return serverMessage(check.message, fallback);
}

/** The last check on the card: when, and whether it passed with what the site said. */
export function lastCheckText(last: SiteHealthResponse['clearance']['last_check']): string {
  if (!last) return i18n.t('siteHealth:check.never');
  const key = last.ok ? 'siteHealth:check.lastPassed' : 'siteHealth:check.lastFailed';
  return i18n.t(key, { time: formatDate(last.at), message: checkMessage(last) });
}
