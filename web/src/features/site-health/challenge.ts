import { CHALLENGE_REASON_TEXT, type ChallengeReason } from '@capshelf/contract';
import { ApiError, isRecord } from '../../api/errors';

/** Why the source site's challenge stopped a call, when that is what happened. */
export function challengeOf(error: unknown): ChallengeReason | null {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return null;
  const { challenge } = error.body;
  return typeof challenge === 'string' && Object.hasOwn(CHALLENGE_REASON_TEXT, challenge)
    ? (challenge as ChallengeReason)
    : null;
}

export const challengeText = (reason: ChallengeReason) => CHALLENGE_REASON_TEXT[reason];
