import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ImageItem } from '@capshelf/contract';
import { useImageList, type ImageSource } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { SelectionDatasetButton } from '../downloads/SelectionDatasetButton';
import { DEFAULT_SELECTION_CHOICE } from '../downloads/selectionChoice';
import { sizeInEffect, useDownloadSizes } from '../downloads/size';
import { useStartDownload } from '../downloads/useStartDownload';
import { imageOrigin, type ImageOrigin } from '../favorites';
import { ShareDialog, type ShareSubject } from '../shares';
import { ChineseTitle } from '../titles';
import { SelectionContext, useSelectionState } from '../selection';
import { useColumnChoice } from './columns';
import { GridShortcuts } from './GridShortcuts';
import { ImageGrid, type ImageGridHandle } from './ImageGrid';
import { ImageSelectionBar, type RangeStep } from './ImageSelectionBar';
import type { ImageListData, ImageListHandle } from './imageList';
import { ImageToolbar } from './ImageToolbar';
import { Lightbox } from './Lightbox';
import { isRateLimited, retryAfterOf } from './rateLimit';
import { RateLimitPanel } from './RateLimitPanel';
import { UpstreamError } from '../site-health';
import { useSimilarFrames } from './useSimilarFrames';
import { useClearEpisode } from './useClearEpisode';

const NO_IMAGES: ImageItem[] = [];

interface CommonProps {
  title?: string;
  fallbackTitle: string;
  toolbarExtra?: ReactNode;
  /** The episode (or movie) URL whose server cache the clear-cache button drops. */
  episodeUrl?: string;
  onLoaded?: (data: ImageListData) => void;
  /** Per image, for lists mixing works (the local library): hearts and captions follow it. */
  originOf?: (image: ImageItem) => ImageOrigin;
  /** Under the grid (the libraries' pagers). */
  footer?: ReactNode;
  /** What an empty list says. */
  emptyText?: string;
  /** Between the toolbar and the grid: how far a list still being read has come. */
  status?: ReactNode;
  /** Above the heading: where this list sits (作品 › 剧集). */
  breadcrumb?: ReactNode;
}

type ImageBrowserProps = CommonProps &
  (
    | {
        /** null when the route's parameters do not name a list; `invalidMessage` says why. */
        source: ImageSource | null;
        invalidMessage?: string;
      }
    /** A list the screen loads itself (the libraries' paged calls). */
    | { list: ImageListHandle }
  );

/** The count says how sure it is: read so far, estimated (fast mode), or the total. */
function countText(data: ImageListData, t: TFunction<'images'>): string {
  const count = data.total;
  if (data.partial) return t('count.read', { count });
  return data.exact === false ? t('count.estimate', { count }) : t('count.total', { count });
}

/** "Work · Episode" under a picture whose origin is known per image (a movie's title once). */
const captionOf = (origin: ImageOrigin) =>
  [...new Set([origin.work_title, origin.episode_title].filter(Boolean))].join(' · ') || undefined;

/**
 * The one image screen (episode, movie, range, sample, libraries): toolbar, virtual grid,
 * lightbox. It loads `source` itself, or shows a `list` its screen has loaded.
 */
export function ImageBrowser(props: ImageBrowserProps) {
  const { t } = useTranslation('images');
  const { title, fallbackTitle, toolbarExtra, episodeUrl, onLoaded, originOf } = props;
  const source = 'source' in props ? props.source : undefined;
  const own = useImageList(source ?? null);
  const { query, refresh }: ImageListHandle = 'list' in props ? props.list : own;
  const images = query.data?.images ?? NO_IMAGES;
  const selection = useSelectionState(images);
  const sizes = useDownloadSizes(useMemo(() => images.map((image) => image.kind), [images]));
  const size = sizeInEffect(sizes, selection.size);
  const clearing = useClearEpisode({
    episodeUrl: episodeUrl ?? '',
    total: query.data?.total,
    refresh,
  });
  const download = useStartDownload();
  const [dataset, setDataset] = useState(DEFAULT_SELECTION_CHOICE);
  const [columns, setColumns] = useColumnChoice();
  const [range, setRange] = useState<RangeStep>('off');
  const [filter, setFilter] = useState('');
  const [zoomed, setZoomed] = useState<number | null>(null);
  const grid = useRef<ImageGridHandle>(null);
  // One object per listing, so the memoised cards do not re-render for it.
  const origin = useMemo(() => originOf ?? imageOrigin(query.data), [originOf, query.data]);
  const caption = useMemo(
    () => originOf && ((image: ImageItem) => captionOf(originOf(image))),
    [originOf],
  );

  // Offered on one episode's (or movie's) list: frames are compared in their order there.
  const similar = useSimilarFrames(images, Boolean(query.data?.episode));
  const visible = useMemo(() => {
    const needle = filter.trim();
    if (!needle && similar.hidden.size === 0) return images;
    return images.filter(
      (image) => !similar.hidden.has(image.id) && (!needle || String(image.id).includes(needle)),
    );
  }, [images, filter, similar.hidden]);
  const visibleIds = useMemo(() => visible.map((image) => image.id), [visible]);
  const { click } = selection;
  // Range mode turns two taps into a SHIFT-click: the first marks the start, the second the end.
  const onSelect = useCallback(
    (image: ImageItem, shift: boolean) => {
      click(image.id, shift || range === 'last', visibleIds);
      if (range !== 'off') setRange(range === 'first' ? 'last' : 'off');
    },
    [click, visibleIds, range],
  );

  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    onLoadedRef.current = onLoaded;
  });
  useEffect(() => {
    if (query.data) onLoadedRef.current?.(query.data);
  }, [query.data]);

  if (source === null) {
    const invalidMessage = 'invalidMessage' in props ? props.invalidMessage : undefined;
    return <ErrorBox title={t('invalid.title')} message={invalidMessage ?? t('invalid.missing')} />;
  }

  const data = query.data;
  // A movie is its own episode: its title once, not twice.
  const serverTitle = [...new Set([data?.work_title, data?.episode_title].filter(Boolean))].join(
    ' - ',
  );
  const heading = title || serverTitle || fallbackTitle;
  // The ZIP is named after the work and episode when the server knows them (range and sample
  // lists name no episode), else after the screen's own title.
  const zipTitle = (source?.type === 'episode' && serverTitle) || heading;
  const startDownload = () => download.start(selection.selectedImages, size, zipTitle, dataset);
  const [sharing, setSharing] = useState<ShareSubject | null>(null);
  const share = () => setSharing(shareSubject(selection.selectedImages, episodeUrl, zipTitle));

  // What the grid and the lightbox both show, and how.
  const shown = { images: visible, isSelected: selection.isSelected, size, origin };

  return (
    <SelectionContext.Provider value={selection}>
      {/* Tighter on a phone, so the first row of pictures is on the first screen. */}
      <div className="flex flex-col gap-2 sm:gap-4">
        {props.breadcrumb}
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1
            className="min-w-0 text-xl font-bold break-words text-slate-900 sm:text-2xl"
            data-user-content={heading === fallbackTitle ? undefined : ''}
          >
            {heading}
          </h1>
          {data?.work && <ChineseTitle work={data.work} title={data.chinese_title ?? null} />}
          {data && <span className="text-sm text-slate-500">{countText(data, t)}</span>}
          {similar.toggle}
          {data?.cached && (
            <span className="rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-700">
              {t('badge.cached')}
            </span>
          )}
          {data?.mode === 'fast' && !data.exact && (
            <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-800">
              {t('badge.inferred')}
            </span>
          )}
        </div>
        <ImageToolbar
          extra={toolbarExtra}
          size={size}
          sizes={sizes.offered}
          onSizeChange={selection.setSize}
          columns={columns}
          onColumnsChange={setColumns}
          busy={query.isFetching}
          onRefresh={() => void refresh()}
          onClearCache={episodeUrl ? clearing.start : undefined}
          clearing={clearing.pending}
          filter={filter}
          onFilterChange={setFilter}
        />
        <GridShortcuts
          onSelectAll={() => selection.selectAll(visibleIds)}
          onClear={selection.clear}
          onDownload={startDownload}
        />
        <ImageSelectionBar
          selectedCount={selection.selectedIds.length}
          onSelectAll={() => selection.selectAll(visibleIds)}
          onDeselectAll={selection.clear}
          range={range}
          onRangeToggle={() => setRange(range === 'off' ? 'first' : 'off')}
          onDownload={startDownload}
          downloading={download.isPending}
          datasetOptions={(className) => (
            <SelectionDatasetButton value={dataset} onChange={setDataset} className={className} />
          )}
          onShare={share}
          shareWhole={Boolean(episodeUrl)}
        />
        {sharing && <ShareDialog subject={sharing} onClose={() => setSharing(null)} />}
        {clearing.dialog}
        {query.isError && (
          <UpstreamError
            error={query.error}
            onRetry={() => void query.refetch()}
            fallback={t('loadFailed')}
            known={
              isRateLimited(query.error) ? (
                <RateLimitPanel
                  key={query.errorUpdatedAt}
                  onRetry={() => void query.refetch()}
                  retryAfter={retryAfterOf(query.error)}
                />
              ) : null
            }
          />
        )}
        {props.status}
        {(!data || (data.partial && images.length === 0)) && !query.isError && (
          <Spinner label={t('loading')} />
        )}
        {data &&
          !(data.partial && images.length === 0) &&
          (visible.length === 0 ? (
            <p className="py-12 text-center text-slate-500">
              {images.length === 0 ? (props.emptyText ?? t('empty')) : t('noMatch')}
            </p>
          ) : (
            <ImageGrid
              {...shown}
              columns={columns}
              onSelect={onSelect}
              onZoom={setZoomed}
              captionOf={caption}
              handle={grid}
            />
          ))}
        {props.footer}
        <Lightbox
          {...shown}
          index={zoomed}
          onIndexChange={setZoomed}
          onToggle={(image) => onSelect(image, false)}
          onReturnFocus={(index) => grid.current?.focus(index)}
        />
      </div>
    </SelectionContext.Provider>
  );
}

/** The selected pictures, or (none selected) the episode's (a movie's) every picture. */
function shareSubject(
  selected: readonly ImageItem[],
  episodeUrl: string | undefined,
  title: string,
): ShareSubject {
  if (selected.length === 0) return { kind: 'episode', episode_url: episodeUrl, title };
  const kinds = new Set(selected.map((image) => image.kind));
  return {
    kind: 'images',
    image_ids: selected.map((image) => image.id),
    // One kind for all, when they share one; else the server looks each up.
    ...(kinds.size === 1 && { image_kind: selected[0]!.kind }),
    title,
  };
}
