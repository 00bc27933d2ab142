import { useCallback, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { recordView, type ImageMode } from '../../api';
import { RadioGroup } from '../../components/RadioGroup';
import { ImageBrowser } from './ImageBrowser';
import type { ImageListData } from './imageList';

const modeOptions = [
  { value: 'smart', label: '智能模式(完整)' },
  { value: 'fast', label: '快速模式(基础)' },
] as const;
/** record-view accepts at most this many ids. */
const MAX_VIEW_IDS = 5000;

/** /images/:episodeId?title=&workTitle=&episodeTitle=&isMovie=&searchTerm= (id: full URL). */
export function EpisodeImagesPage() {
  const episodeUrl = (useParams().episodeId ?? '').trim();
  const [params] = useSearchParams();
  const isMovie = params.get('isMovie') === 'true';
  const [mode, setMode] = useState<ImageMode>('smart');

  // One history record per episode shown, however often its list reloads.
  const recorded = useRef<string | null>(null);
  const onLoaded = useCallback(
    (data: ImageListData) => {
      if (recorded.current === episodeUrl) return;
      recorded.current = episodeUrl;
      recordView({
        search_term: params.get('searchTerm') ?? undefined,
        show_title: params.get('workTitle') || data.work_title || undefined,
        episode_title: params.get('episodeTitle') || data.episode_title || undefined,
        episode_id: episodeUrl,
        image_ids: data.images.slice(0, MAX_VIEW_IDS).map((image) => image.id),
      });
    },
    [episodeUrl, params],
  );

  return (
    <ImageBrowser
      key={episodeUrl}
      source={episodeUrl ? { type: 'episode', episodeUrl, mode } : null}
      invalidMessage="缺少剧集ID"
      title={params.get('title') ?? undefined}
      fallbackTitle={isMovie ? '电影图片' : '剧集图片'}
      episodeUrl={episodeUrl}
      onLoaded={onLoaded}
      toolbarExtra={
        !isMovie && (
          <RadioGroup
            name="image-mode"
            legend="模式"
            value={mode}
            options={modeOptions}
            onChange={setMode}
          />
        )
      }
    />
  );
}
