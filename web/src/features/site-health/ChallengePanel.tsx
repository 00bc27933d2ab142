import type { ChallengeReason } from '@capshelf/contract';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ErrorBox } from '../../components/ErrorBox';
import { useSession } from '../auth';
import { useCountdown } from '../upstream/countdown';
import { challengeText } from './challenge';

/** What the source site's challenge did, when it is tried again, and the admin's two ways out. */
export function ChallengePanel({
  reason,
  retryAfter,
  onRetry,
}: {
  reason: ChallengeReason;
  /** Seconds until the site is asked again (the server's backoff); null when it did not say. */
  retryAfter: number | null;
  onRetry: () => void;
}) {
  const { user } = useSession();
  const { t, i18n } = useTranslation('siteHealth');
  const countdown = useCountdown(retryAfter);
  return (
    <ErrorBox
      title={t('panel.title')}
      message={t('panel.body', { reason: challengeText(reason) })}
      onRetry={onRetry}
    >
      {countdown && (
        <p aria-live="polite">
          {countdown.left > 0
            ? t('panel.nextTry', {
                clock: countdown.until.toLocaleTimeString(i18n.language, { hour12: false }),
              })
            : t('panel.tryNow')}
        </p>
      )}
      <p className="font-medium">{t('panel.ways')}</p>
      <ol className="list-decimal pl-5">
        <li>
          <Trans t={t} i18nKey="panel.install" components={{ code: <code /> }} />
        </li>
        <li>
          <Trans t={t} i18nKey="panel.paste" components={{ code: <code /> }} />
        </li>
      </ol>
      {user?.role === 'admin' ? (
        <Link to="/site-health" className="self-start font-medium text-red-700 underline">
          {t('panel.toPage')}
        </Link>
      ) : (
        <p>{t('panel.askAdmin')}</p>
      )}
    </ErrorBox>
  );
}
