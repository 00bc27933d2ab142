import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorBox } from '../../components/ErrorBox';
import { waitText } from './rateLimit';

/**
 * What the source site's rate limit means and what to do meanwhile. The wait is the
 * server's (its Retry-After or cool-down), not a fixed guess.
 */
export function RateLimitPanel({
  onRetry,
  retryAfter,
}: {
  onRetry: () => void;
  /** Seconds the server said to wait; null when it did not say. */
  retryAfter: number | null;
}) {
  const { t } = useTranslation('images');
  return (
    <ErrorBox title={t('rateLimit.title')} message={t('rateLimit.message')} onRetry={onRetry}>
      <ul className="list-disc pl-5">
        <li>
          {retryAfter === null
            ? t('rateLimit.waitMinutes')
            : t('rateLimit.waitFor', { wait: waitText(retryAfter, t) })}
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
