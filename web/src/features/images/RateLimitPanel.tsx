import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../components/ErrorBox';
import { useCountdown } from '../upstream/countdown';
import { waitText } from './rateLimit';

/**
 * What the source site's rate limit means and what to do meanwhile, as the client handles it: the
 * host is paused until a clock time (the server's Retry-After or cool-down), counted down here;
 * nothing is sent to it meanwhile, and the request spacing stays the configured one. When the
 * pause ends the panel tries again by itself, once; a new refusal is a new panel (the caller keys
 * it by the failure), with a new countdown.
 */
export function RateLimitPanel({
  onRetry,
  retryAfter,
}: {
  onRetry: () => void;
  /** Seconds the server said to wait; null when it did not say (then only the button retries). */
  retryAfter: number | null;
}) {
  const { t, i18n } = useTranslation('images');
  const countdown = useCountdown(retryAfter);
  const over = countdown !== null && countdown.left === 0;
  const retry = useRef(onRetry);
  useEffect(() => {
    retry.current = onRetry;
  });
  const retried = useRef(false);
  useEffect(() => {
    if (!over || retried.current) return;
    retried.current = true;
    retry.current();
  }, [over]);
  const clock = countdown?.until.toLocaleTimeString(i18n.language, { hour12: false });
  return (
    <ErrorBox title={t('rateLimit.title')} message={t('rateLimit.message')} onRetry={onRetry}>
      <ul className="list-disc pl-5">
        <li aria-live="polite">
          {countdown === null
            ? t('rateLimit.waitMinutes')
            : countdown.left > 0
              ? t('rateLimit.pausedUntil', { clock, wait: waitText(countdown.left, t) })
              : t('rateLimit.resumed')}
        </li>
        <li>{t('rateLimit.browseSamples')}</li>
        <li>{t('rateLimit.noRefresh')}</li>
      </ul>
      <Link to="/sample-images" className="self-start font-medium text-red-700 underline">
        {t('rateLimit.viewSamples')}
      </Link>
    </ErrorBox>
  );
}
