import { useCallback, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { sourcePageUrl } from '@capshelf/contract';
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
import { usePageTarget } from '../../lib/usePageTarget';
import { usePageTitle } from '../../lib/usePageTitle';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { useSession } from '../auth';
import { SourceOrigin } from '../open/SourceOrigin';
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
 * /images/:kind/:id[?q=] — an episode or a movie by its kind and source id. Its source URL is
 * rebuilt on the configured source origin (never carried in the address); its titles come from
 * the listing. `q` is the search it was opened from.
 */
export function EpisodeImagesPage() {
  const target = usePageTarget();
  if (!target) return <NotFoundPage />;
  const isMovie = target.kind === 'movie';
  return (
    <SourceOrigin>
      {(origin) => {
        const episodeUrl = sourcePageUrl(origin, 'episode', target.kind, target.id);
        return <EpisodeImages key={episodeUrl} episodeUrl={episodeUrl} isMovie={isMovie} />;
      }}
    </SourceOrigin>
  );
}

/** Smart mode shows the list as the server reads it; the mode is the one the user last chose. */
function EpisodeImages({ episodeUrl, isMovie }: { episodeUrl: string; isMovie: boolean }) {
  const { t } = useTranslation('images');
  const [params] = useSearchParams();
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
  const searchTerm = params.get('q') ?? '';
  const workTitle = loaded?.work_title ?? '';
  const episodeTitle = loaded?.episode_title ?? '';
  const work = loaded?.work ?? null;
  // A movie found by its Chinese name: the movie is the work the name belongs to.
  useOpenedMatch(isMovie ? (work ?? loaded?.episode) : null);
  usePageTitle(
    ...(isMovie
      ? [workTitle || t('title.movie')]
      : [episodeTitle && episodeLabel(episodeTitle, t), workTitle]),
  );

  const smart = useProgressiveImageList(episodeUrl, settled && mode === 'smart');
  const fast = useImageList(
    settled && mode === 'fast' ? { type: 'episode', episodeUrl, mode } : null,
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
        search_term: searchTerm || undefined,
        show_title: data.work_title || undefined,
        episode_title: data.episode_title || undefined,
        episode_id: episodeUrl,
        image_ids: data.images.slice(0, MAX_VIEW_IDS).map((image) => image.id),
        image_count: data.exact === false ? 'estimate' : 'exact',
      });
    },
    [episodeUrl, searchTerm, recordView],
  );

  const smartData = mode === 'smart' ? smart.query.data : undefined;
  return (
    <ImageBrowser
      list={list}
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
              to={workEpisodesPath(work, searchTerm)}
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
                workTitle,
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
