import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { Download, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FavoriteImage, FavoriteItemType, FavoriteLists } from '@capshelf/contract';
import { errorMessage, LIST_OF, useFavorites } from '../../../api';
import { ErrorBox } from '../../../components/ErrorBox';
import { FormField } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { buttonClass } from '../../../components/button';
import { SizeChoice } from '../../downloads/SizeChoice';
import { sizeInEffect, useDownloadSizes } from '../../downloads/size';
import { useStartDownload } from '../../downloads/useStartDownload';
import { GridShortcuts } from '../../images/GridShortcuts';
import { ShareDialog, type ShareSubject } from '../../shares';
import type { ImageSize } from '../../selection';
import { EmptyTab } from './controls';
import { DeleteDialog, useFavoriteDeletion } from './DeleteDialog';
import { EpisodesTab, type EpisodeView } from './EpisodesTab';
import { filterFavorites } from './filter';
import { ImagesTab, type ImageView } from './ImagesTab';
import { SelectionBar } from './SelectionBar';
import { TransferButtons } from './TransferButtons';
import { useFavoriteSelection } from './useFavoriteSelection';
import { WorksTab } from './WorksTab';
import { usePageTitle } from '../../../lib/usePageTitle';

const tabs = [
  { value: 'works', type: 'work', label: 'tabs.works' },
  { value: 'episodes', type: 'episode', label: 'tabs.episodes' },
  { value: 'images', type: 'image', label: 'tabs.images' },
] as const satisfies readonly {
  value: keyof FavoriteLists;
  type: FavoriteItemType;
  label: string;
}[];
type Tab = (typeof tabs)[number];

/** /favorites?tab=works|episodes|images — the signed-in user's favourites. */
export function FavoritesPage() {
  const { t } = useTranslation('favorites');
  usePageTitle(t('title'));
  const query = useFavorites();
  const lists = query.data?.data;
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.find((t) => t.value === params.get('tab')) ?? tabs[0];
  const [text, setText] = useState('');
  const [episodeView, setEpisodeView] = useState<EpisodeView>('work');
  const [imageView, setImageView] = useState<ImageView>('work');
  const [chosenSize, setSize] = useState<ImageSize | null>(null);
  const sizes = useDownloadSizes(useMemo(() => lists?.images.map((i) => i.kind) ?? [], [lists]));
  const size = sizeInEffect(sizes, chosenSize);
  const shown = useMemo(() => lists && filterFavorites(lists, text), [lists, text]);
  const selection = useFavoriteSelection(lists);
  // Each tab has its own selection: the bar counts, and 删除选中 takes, the tab shown only.
  const ticked = selection.ids[tab.type];
  const deletion = useFavoriteDeletion(selection, tab.type);
  const download = useStartDownload();
  const [sharing, setSharing] = useState<ShareSubject | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <div className="ml-auto">
          <TransferButtons />
        </div>
      </div>
      {content()}
      <DeleteDialog deletion={deletion} count={ticked.length} />
      {sharing && <ShareDialog subject={sharing} onClose={() => setSharing(null)} />}
    </div>
  );

  function content() {
    if (query.isError) {
      return (
        <ErrorBox
          message={t('loadFailed', { message: errorMessage(query.error, t('unknownError')) })}
          onRetry={() => void query.refetch()}
        />
      );
    }
    if (!lists || !shown) return <Spinner label={t('loading')} />;
    const total = lists.works.length + lists.episodes.length + lists.images.length;
    if (total === 0) {
      return (
        <div className="flex flex-col items-center gap-4 py-12 text-slate-500">
          <p>{t('empty')}</p>
          <Link to="/search" className={buttonClass()}>
            {t('goSearch')}
          </Link>
        </div>
      );
    }

    const startDownload = () => {
      const chosen = new Set(selection.ids.image);
      const images = lists.images.filter((image) => chosen.has(image.id));
      download.start(images, size, 'fancaps_favorites');
    };

    return (
      <>
        <p className="text-sm text-slate-600">
          {t('summary', {
            total,
            works: lists.works.length,
            episodes: lists.episodes.length,
            images: lists.images.length,
          })}
        </p>
        <div className="w-full max-w-sm">
          <FormField
            id="favorite-search"
            label={t('search.label')}
            type="search"
            placeholder={t('search.placeholder')}
            value={text}
            onChange={setText}
          />
        </div>
        <Tabs.Root
          value={tab.value}
          onValueChange={(value) => setParams({ tab: value }, { replace: true })}
          className="flex flex-col gap-4"
        >
          <Tabs.List aria-label={t('tabs.label')} className="flex gap-1 border-b border-slate-200">
            {tabs.map(({ value, label }) => (
              <Tabs.Trigger
                key={value}
                value={value}
                aria-label={t('tabs.trigger', { label: t(label), count: shown[value].length })}
                className="-mb-px flex items-center gap-2 border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:border-sky-600 data-[state=active]:text-sky-700"
              >
                {t(label)}
                <span className="rounded-full bg-slate-100 px-2 text-xs leading-5 text-slate-700">
                  {shown[value].length}
                </span>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <SelectionBar
            count={ticked.length}
            onSelectAll={() =>
              selection.select(
                tab.type,
                shown[LIST_OF[tab.type]].map((item) => item.id),
              )
            }
            onClear={() => selection.clear(tab.type)}
            onDelete={() => deletion.ask('selected')}
          >
            {tab.value === 'images' && (
              <>
                <SizeChoice
                  name="favorite-image-size"
                  offered={sizes.offered}
                  value={size}
                  onChange={setSize}
                />
                <button
                  type="button"
                  className={buttonClass()}
                  onClick={startDownload}
                  disabled={download.isPending}
                >
                  <Download aria-hidden className="size-4" />
                  {t('download', { count: selection.ids.image.length })}
                </button>
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={() => setSharing(shareSubject(lists.images, selection.ids.image, t))}
                >
                  <Share2 aria-hidden className="size-4" />
                  {selection.ids.image.length > 0
                    ? t('share.selected', { count: selection.ids.image.length })
                    : t('share.all')}
                </button>
                <GridShortcuts
                  onSelectAll={() =>
                    selection.select(
                      'image',
                      shown.images.map((image) => image.id),
                    )
                  }
                  onClear={() => selection.clear('image')}
                  onDownload={startDownload}
                />
              </>
            )}
          </SelectionBar>
          {tabs.map(({ value }) => (
            <Tabs.Content key={value} value={value}>
              {shown[value].length === 0 ? (
                <EmptyTab text={text.trim() ? t('noMatch') : t(`emptyTab.${value}`)} />
              ) : (
                tabContent(value, shown)
              )}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </>
    );
  }

  function tabContent(value: Tab['value'], shown: FavoriteLists) {
    const common = { selection, onDelete: deletion.ask };
    if (value === 'works') return <WorksTab works={shown.works} {...common} />;
    if (value === 'episodes') {
      return (
        <EpisodesTab
          episodes={shown.episodes}
          view={episodeView}
          onViewChange={setEpisodeView}
          {...common}
        />
      );
    }
    return (
      <ImagesTab
        images={shown.images}
        view={imageView}
        onViewChange={setImageView}
        selection={selection}
        size={size}
      />
    );
  }
}

/** The ticked favourite images, or (none ticked) every favourite image as it is now. */
function shareSubject(
  images: readonly FavoriteImage[],
  ticked: readonly number[],
  t: TFunction<'favorites'>,
): ShareSubject {
  if (ticked.length === 0) return { kind: 'favorites', title: t('share.allTitle') };
  const chosen = new Set(ticked);
  const picked = images.filter((image) => chosen.has(image.id));
  const kinds = new Set(picked.map((image) => image.kind));
  return {
    kind: 'images',
    image_ids: picked.map((image) => image.image_id),
    // One kind for all, when they share one; else the server looks each up.
    ...(kinds.size === 1 && { image_kind: picked[0]!.kind }),
    title: t('share.selectedTitle', { count: picked.length }),
  };
}
