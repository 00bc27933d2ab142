import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { ErrorBox } from '../../components/ErrorBox';

/** The source site's bot management refused this server outright (not a rate limit). */
export function isBlocked(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'UPSTREAM_BLOCKED';
}

/** What a block means and the ways out, for whoever runs the server. */
export function BlockedPanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('upstream');
  return (
    <ErrorBox title={t('blocked.title')} message={t('blocked.body')} onRetry={onRetry}>
      <ul className="list-disc pl-5">
        <li>
          <Trans t={t} i18nKey="blocked.transport" components={{ code: <code /> }} />
        </li>
        <li>{t('blocked.network')}</li>
        <li>{t('blocked.samples')}</li>
      </ul>
      <Link to="/sample-images" className="self-start font-medium text-red-700 underline">
        {t('blocked.samplesLink')}
      </Link>
    </ErrorBox>
  );
}
