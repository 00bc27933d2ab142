import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { downloadPrefix, type ImageItem } from '@capshelf/contract';
import { errorMessage, useClearEpisodeCache, useImageList, type ImageSource } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { useStartDownload } from '../downloads/useStartDownload';
import { imageOrigin, type ImageOrigin } from '../favorites';
import { SelectionContext, useSelectionState } from '../selection';
import { ImageGrid, type Columns } from './ImageGrid';
import type { ImageListData, ImageListHandle } from './imageList';
import { ImageToolbar } from './ImageToolbar';
import { imageUrl } from './imageUrl';
import { Lightbox } from './Lightbox';
import { isRateLimited } from './rateLimit';
import { RateLimitPanel } from './RateLimitPanel';
import { useSimilarFrames } from './useSimilarFrames';

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

/** "Work · Episode" under a picture whose origin is known per image. */
const captionOf = (origin: ImageOrigin) =>
  [origin.work_title, origin.episode_title].filter(Boolean).join(' · ') || undefined;

/**
 * The one image screen (episode, movie, range, sample, libraries): toolbar, virtual grid,
 * lightbox. It loads `source` itself, or shows a `list` its screen has loaded.
 */
export function ImageBrowser(props: ImageBrowserProps) {
  const { title, fallbackTitle, toolbarExtra, episodeUrl, onLoaded, originOf } = props;
  const source = 'source' in props ? props.source : undefined;
  const own = useImageList(source ?? null);
  const { query, refresh }: ImageListHandle = 'list' in props ? props.list : own;
  const images = query.data?.images ?? NO_IMAGES;
  const selection = useSelectionState(images);
  const clearCache = useClearEpisodeCache(episodeUrl ?? '');
  const download = useStartDownload();
  const [columns, setColumns] = useState<Columns>(6);
  const [filter, setFilter] = useState('');
  const [zoomed, setZoomed] = useState<number | null>(null);
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
  const onSelect = useCallback(
    (image: ImageItem, shift: boolean) => click(image.id, shift, visibleIds),
    [click, visibleIds],
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
    return <ErrorBox title="无法加载图片" message={invalidMessage ?? '缺少参数'} />;
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
  const startDownload = () =>
    download.start(
      selection.selectedImages.map((image) => imageUrl(image, selection.size)),
      downloadPrefix(zipTitle, selection.size),
    );

  const clear = () =>
    clearCache.mutate(undefined, {
      onSuccess: ({ listings, files }) =>
        toast.success(
          `已清除缓存：${listings.cleared_items} 条列表，${files.deleted_files} 个文件`,
        ),
      onError: (error) =>
        toast.error(`清除缓存失败：${errorMessage(error)}。提示：请尝试刷新页面后重试。`),
    });

  return (
    <SelectionContext.Provider value={selection}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline gap-3">
          <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
          {data && <span className="text-sm text-slate-500">共 {data.total} 张</span>}
          {similar.toggle}
          {data?.cached && (
            <span className="rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-700">
              缓存数据
            </span>
          )}
          {data?.mode === 'fast' && !data.exact && (
            <span className="rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-800">
              部分图片为推算
            </span>
          )}
        </div>
        <ImageToolbar
          extra={toolbarExtra}
          size={selection.size}
          onSizeChange={selection.setSize}
          columns={columns}
          onColumnsChange={setColumns}
          busy={query.isFetching}
          onRefresh={() => void refresh()}
          onClearCache={episodeUrl ? clear : undefined}
          clearing={clearCache.isPending}
          filter={filter}
          onFilterChange={setFilter}
          selectedCount={selection.selectedIds.length}
          onSelectAll={() => selection.selectAll(visibleIds)}
          onDeselectAll={selection.clear}
          onDownload={startDownload}
          downloading={download.isPending}
        />
        {query.isError &&
          (isRateLimited(query.error) ? (
            <RateLimitPanel onRetry={() => void query.refetch()} />
          ) : (
            <ErrorBox
              message={errorMessage(query.error, '加载失败')}
              onRetry={() => void query.refetch()}
            />
          ))}
        {!data && !query.isError && <Spinner label="正在加载图片..." />}
        {data &&
          (visible.length === 0 ? (
            <p className="py-12 text-center text-slate-500">
              {images.length === 0 ? (props.emptyText ?? '暂无图片') : '没有符合条件的图片'}
            </p>
          ) : (
            <ImageGrid
              images={visible}
              columns={columns}
              size={selection.size}
              isSelected={selection.isSelected}
              onSelect={onSelect}
              onZoom={setZoomed}
              origin={origin}
              captionOf={caption}
            />
          ))}
        {props.footer}
        <Lightbox
          images={visible}
          index={zoomed}
          onIndexChange={setZoomed}
          isSelected={selection.isSelected}
          onToggle={(image) => onSelect(image, false)}
          size={selection.size}
          origin={origin}
        />
      </div>
    </SelectionContext.Provider>
  );
}
