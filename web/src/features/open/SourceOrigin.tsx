import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { useSourceOrigin } from './useSourceOrigin';

/**
 * Renders `children` with the source site's origin once the server has named it (a spinner
 * before, an error with a retry if it cannot): what rebuilds a source URL from a kind and an id.
 */
export function SourceOrigin({ children }: { children: (origin: string) => ReactNode }) {
  const { t } = useTranslation('open');
  const source = useSourceOrigin();
  if (source.isError) {
    return (
      <ErrorBox
        title={t('failed')}
        message={errorMessage(source.error, t('sourceFailed'))}
        onRetry={() => void source.refetch()}
      />
    );
  }
  if (source.data === undefined) return <Spinner label={t('opening')} />;
  return children(source.data);
}
