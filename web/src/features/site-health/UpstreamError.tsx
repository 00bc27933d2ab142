import type { ReactNode } from 'react';
import { errorMessage } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { retryAfterOf } from '../images/rateLimit';
import { BlockedPanel, isBlocked } from '../upstream/BlockedPanel';
import { challengeOf } from './challenge';
import { ChallengePanel } from './ChallengePanel';

interface UpstreamErrorProps {
  error: unknown;
  onRetry: () => void;
  /** The plain failure box's title, and its message when the error carries none. */
  title?: string;
  fallback: string;
  /** The screen's own panel for a failure it knows (a rate limit), or null. */
  known?: ReactNode;
}

/**
 * A failed read of the source site, with a retry: the challenge or block panel with its ways out,
 * the screen's own panel, else the plain failure box.
 */
export function UpstreamError({ error, onRetry, title, fallback, known }: UpstreamErrorProps) {
  const challenge = challengeOf(error);
  if (challenge) {
    return <ChallengePanel reason={challenge} retryAfter={retryAfterOf(error)} onRetry={onRetry} />;
  }
  if (isBlocked(error)) return <BlockedPanel onRetry={onRetry} />;
  return (
    known ?? <ErrorBox title={title} message={errorMessage(error, fallback)} onRetry={onRetry} />
  );
}
