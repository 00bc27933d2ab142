import { useCallback, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useOpenedMatch } from '../titles';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  useImageList,
  useModePreference,
  useProgressiveImageList,
  useRecordView,
  useSaveModePreference,
  type ImageMode,
} from '../../api';
import { Breadcrumb } from '../../components/Breadcrumb';
import { RadioGroup, translatedOptions } from '../../components/RadioGroup';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSession } from '../auth';
import { useSeenOnOpen } from '../follows/useSeenOnOpen';
import { CrawlStatus } from './CrawlStatus';
import { episodeCrumbs, episodeLabel, workEpisodesPath } from './episodeCrumbs';
import { ImageBrowser } from './ImageBrowser';
import type { ImageListData } from './imageList';

const modeOptions = [
  { value: 'smart', label: 'mode.smart' },
  { value: 'fast', label: 'mode.fast' },
] as const;
/** record-view accepts at most this many ids. */
const MAX_VIEW_IDS = 5000;

/**
 * /images/:episodeId?title=&workTitle=&episodeTitle=&isMovie=&searchTerm= (id: full URL). Smart
 * mode shows the list as the server reads it; the mode is the one the user last chose.
 */
export function EpisodeImagesPage() {
  const { t } = useTranslation('images');
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
  // A new episode of a followed work is seen once opened.
  useSeenOnOpen(episodeUrl);
  const [loaded, setLoaded] = useState<ImageListData | null>(null);
  const searchTerm = params.get('searchTerm') ?? '';
  const workTitle = params.get('workTitle') || loaded?.work_title || '';
  const episodeTitle = params.get('episodeTitle') || loaded?.episode_title || '';
  const work = loaded?.work ?? null;
  // A movie found by its Chinese name: the movie is the work the name belongs to.
  useOpenedMatch(isMovie ? (work ?? loaded?.episode) : null);
  const movieTitle = params.get('title') || loaded?.work_title || '';
  usePageTitle(
    ...(isMovie
      ? [movieTitle || t('title.movie')]
      : [episodeTitle && episodeLabel(episodeTitle, t), workTitle]),
  );

  const smart = useProgressiveImageList(episodeUrl, settled && mode === 'smart' && !!episodeUrl);
  const fast = useImageList(
    settled && mode === 'fast' && episodeUrl ? { type: 'episode', episodeUrl, mode } : null,
  );
  const list = mode === 'smart' ? smart : fast;

  // One history record per episode shown complete, however often its list reloads.
  const recorded = useRef<string | null>(null);
  const recordView = useRecordView();
  const onLoaded = useCallback(
    (data: ImageListData) => {
      setLoaded(data);
      if (data.partial || recorded.current === episodeUrl) return;
      recorded.current = episodeUrl;
      recordView({
        search_term: params.get('searchTerm') || undefined,
        show_title: params.get('workTitle') || data.work_title || undefined,
        episode_title: params.get('episodeTitle') || data.episode_title || undefined,
        episode_id: episodeUrl,
        image_ids: data.images.slice(0, MAX_VIEW_IDS).map((image) => image.id),
        image_count: data.exact === false ? 'estimate' : 'exact',
      });
    },
    [episodeUrl, params, recordView],
  );

  const smartData = mode === 'smart' ? smart.query.data : undefined;
  return (
    <ImageBrowser
      key={episodeUrl}
      {...(episodeUrl ? { list } : { source: null, invalidMessage: t('invalid.noEpisode') })}
      title={params.get('title') ?? undefined}
      fallbackTitle={isMovie ? t('title.movie') : t('title.episode')}
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
      breadcrumb={
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {work && work.kind !== 'movie' && !isMovie && (
            <Link
              to={workEpisodesPath(work, workTitle, searchTerm)}
              className="flex items-center gap-1 text-sm font-medium text-sky-700 hover:underline"
            >
              <ArrowLeft aria-hidden className="size-4" />
              {t('backToEpisodes')}
            </Link>
          )}
          <Breadcrumb
            items={episodeCrumbs(
              {
                work,
                workTitle: isMovie ? movieTitle : workTitle,
                episodeTitle,
                searchTerm,
                isMovie,
              },
              t,
            )}
          />
        </div>
      }
      toolbarExtra={
        !isMovie && (
          <RadioGroup
            name="image-mode"
            legend={t('mode.legend')}
            value={mode}
            options={translatedOptions(modeOptions, t)}
            onChange={choose}
          />
        )
      }
    />
  );
}
