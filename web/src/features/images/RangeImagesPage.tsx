import { useParams, useSearchParams } from 'react-router';
import type { ImageSource } from '../../api';
import { ImageBrowser } from './ImageBrowser';
import { usePageTitle } from '../../lib/usePageTitle';

const isId = (value: string | undefined) => value !== undefined && /^\d+$/.test(value);

/** Why a range cannot be shown, or null when it can (the server enforces its 5,000-id cap). */
function rangeProblem(start: string | undefined, end: string | undefined): string | null {
  if (!isId(start) || !isId(end)) return '区间图片需要有效的起始ID和结束ID';
  if (Number(end) < Number(start)) return '结束ID不能小于起始ID';
  return null;
}

/** /images-range/:startId/:endId?title=&kind= */
export function RangeImagesPage() {
  const { startId, endId } = useParams();
  const [params] = useSearchParams();
  const kind = params.get('kind');
  const problem = rangeProblem(startId, endId);
  usePageTitle(params.get('title') || `图片 ${startId} - ${endId}`);
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
      invalidMessage={problem ?? undefined}
      title={params.get('title') ?? undefined}
      fallbackTitle={`图片 ${startId} - ${endId}`}
    />
  );
}
