import { useCallback, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  recordView,
  useImageList,
  useModePreference,
  useProgressiveImageList,
  useSaveModePreference,
  type ImageMode,
} from '../../api';
import { RadioGroup } from '../../components/RadioGroup';
import { useSession } from '../auth';
import { CrawlStatus } from './CrawlStatus';
import { ImageBrowser } from './ImageBrowser';
import type { ImageListData } from './imageList';

const modeOptions = [
  { value: 'smart', label: '智能模式(完整)' },
  { value: 'fast', label: '快速模式(基础)' },
] as const;
/** record-view accepts at most this many ids. */
const MAX_VIEW_IDS = 5000;

/**
 * /images/:episodeId?title=&workTitle=&episodeTitle=&isMovie=&searchTerm= (id: full URL). Smart
 * mode shows the list as the server reads it; the mode is the one the user last chose.
 */
export function EpisodeImagesPage() {
  const episodeUrl = (useParams().episodeId ?? '').trim();
  const [params] = useSearchParams();
  const isMovie = params.get('isMovie') === 'true';
  const signedIn = useSession().status === 'authenticated';
  const preference = useModePreference(signedIn);
  const savePreference = useSaveModePreference();
  const [chosen, setChosen] = useState<ImageMode | null>(null);
  // Nothing is read before the remembered mode is known, so no crawl starts in the wrong one.
  const settled = chosen !== null || !preference.isPending;
  const mode: ImageMode = isMovie ? 'smart' : (chosen ?? preference.data?.image_mode ?? 'smart');
  const choose = (next: ImageMode) => {
    setChosen(next);
    savePreference.mutate(next);
  };

  const smart = useProgressiveImageList(episodeUrl, settled && mode === 'smart' && !!episodeUrl);
  const fast = useImageList(
    settled && mode === 'fast' && episodeUrl ? { type: 'episode', episodeUrl, mode } : null,
  );
  const list = mode === 'smart' ? smart : fast;

  // One history record per episode shown complete, however often its list reloads.
  const recorded = useRef<string | null>(null);
  const onLoaded = useCallback(
    (data: ImageListData) => {
      if (data.partial || recorded.current === episodeUrl) return;
      recorded.current = episodeUrl;
      recordView({
        search_term: params.get('searchTerm') ?? undefined,
        show_title: params.get('workTitle') || data.work_title || undefined,
        episode_title: params.get('episodeTitle') || data.episode_title || undefined,
        episode_id: episodeUrl,
        // An estimate is not a count to keep: fast mode's inexact lists record no ids.
        image_ids:
          data.exact === false ? [] : data.images.slice(0, MAX_VIEW_IDS).map((image) => image.id),
      });
    },
    [episodeUrl, params],
  );

  const smartData = mode === 'smart' ? smart.query.data : undefined;
  return (
    <ImageBrowser
      key={episodeUrl}
      {...(episodeUrl ? { list } : { source: null, invalidMessage: '缺少剧集ID' })}
      title={params.get('title') ?? undefined}
      fallbackTitle={isMovie ? '电影图片' : '剧集图片'}
      episodeUrl={episodeUrl}
      onLoaded={onLoaded}
      status={
        smartData && (
          <CrawlStatus
            progress={smartData.progress}
            total={smartData.total}
            onResume={smart.resume}
            onFastMode={isMovie ? undefined : () => choose('fast')}
          />
        )
      }
      toolbarExtra={
        !isMovie && (
          <RadioGroup
            name="image-mode"
            legend="模式"
            value={mode}
            options={modeOptions}
            onChange={choose}
          />
        )
      }
    />
  );
}
