import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ImageSource } from '../../api';
import { ImageBrowser } from './ImageBrowser';
import { usePageTitle } from '../../lib/usePageTitle';

const isId = (value: string | undefined) => value !== undefined && /^\d+$/.test(value);

/**
 * Why a range cannot be shown (a message key), or null when it can (the server enforces its
 * 5,000-id cap).
 */
function rangeProblem(start: string | undefined, end: string | undefined) {
  if (!isId(start) || !isId(end)) return 'range.invalid';
  if (Number(end) < Number(start)) return 'range.reversed';
  return null;
}

/** /images-range/:startId/:endId?title=&kind= */
export function RangeImagesPage() {
  const { startId, endId } = useParams();
  const [params] = useSearchParams();
  const kind = params.get('kind');
  const { t } = useTranslation('images');
  const problem = rangeProblem(startId, endId);
  const fallbackTitle = t('range.title', { start: startId, end: endId });
  usePageTitle(params.get('title') || fallbackTitle);
  const source: ImageSource | null = problem
    ? null
    : {
        type: 'range',
        start: Number(startId),
        end: Number(endId),
        ...(kind === 'anime' || kind === 'tv' || kind === 'movie' ? { kind } : {}),
      };
  return (
    <ImageBrowser
      key={`${startId}-${endId}-${kind}`}
      source={source}
      invalidMessage={problem ? t(problem) : undefined}
      title={params.get('title') ?? undefined}
      fallbackTitle={fallbackTitle}
    />
  );
}
