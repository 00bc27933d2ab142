import type { ChallengeReason } from '@capshelf/contract';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ErrorBox } from '../../components/ErrorBox';
import { useSession } from '../auth';
import { challengeText } from './challenge';

/** What the source site's challenge did, and the admin's two ways out of it. */
export function ChallengePanel({
  reason,
  onRetry,
}: {
  reason: ChallengeReason;
  onRetry: () => void;
}) {
  const { user } = useSession();
  const { t } = useTranslation('siteHealth');
  return (
    <ErrorBox
      title={t('panel.title')}
      message={t('panel.body', { reason: challengeText(reason) })}
      onRetry={onRetry}
    >
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
