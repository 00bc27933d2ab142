import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage, useSearchLibrary, useSearchLibraryEpisodes } from '../../../api';
import { ErrorBox } from '../../../components/ErrorBox';
import { RadioGroup, translatedOptions } from '../../../components/RadioGroup';
import { Spinner } from '../../../components/Spinner';
import { EpisodeCards } from './EpisodeCards';
import { useHistoryDeletion } from './useHistoryDeletion';
import { WorkCards } from './WorkCards';
import { usePageTitle } from '../../../lib/usePageTitle';
import { EmptyLibrary } from '../EmptyLibrary';
import { LibraryFilter } from '../LibraryFilter';
import { namedBy } from '../namedBy';

type View = 'work' | 'episode';
const viewOptions = [
  { value: 'work', label: 'history.byWork' },
  { value: 'episode', label: 'history.byEpisode' },
] as const;

/** /search-based-library and /history (?view=episode): what the user browsed, by work or episode. */
export function SearchLibraryPage() {
  const { t } = useTranslation('library');
  usePageTitle(t('history.title'));
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'episode' ? 'episode' : 'work';
  const byWork = useSearchLibrary();
  const byEpisode = useSearchLibraryEpisodes(view === 'episode');
  const deletion = useHistoryDeletion();
  const [filter, setFilter] = useState('');
  const query = view === 'work' ? byWork : byEpisode;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{t('history.title')}</h1>
        {byWork.data && (
          <span className="text-sm text-slate-500">
            {t('summary', {
              works: byWork.data.total_categories,
              images: byWork.data.total_images,
            })}
          </span>
        )}
        <div className="ml-auto">
          <RadioGroup
            name="history-view"
            legend={t('history.view')}
            value={view}
            options={translatedOptions(viewOptions, t)}
            onChange={(next) => setParams(next === 'episode' ? { view: next } : {})}
          />
        </div>
      </div>
      {content()}
      {deletion.dialog}
    </div>
  );

  function content() {
    if (query.isError) {
      const message = t('history.loadFailed', {
        message: errorMessage(query.error, t('unknownError')),
      });
      return <ErrorBox message={message} onRetry={() => void query.refetch()} />;
    }
    if (view === 'work') {
      if (!byWork.data) return <Spinner />;
      if (byWork.data.categories.length === 0) return <EmptyHistory />;
      const shown = byWork.data.categories.filter(namedBy(filter));
      return (
        <>
          <LibraryFilter value={filter} onChange={setFilter} />
          {shown.length > 0 ? (
            <WorkCards categories={shown} />
          ) : (
            <p className="py-12 text-center text-slate-500">
              {t('filter.noMatch', { text: filter.trim() })}
            </p>
          )}
        </>
      );
    }
    if (!byEpisode.data) return <Spinner />;
    if (byEpisode.data.episodes.length === 0) return <EmptyHistory />;
    return <EpisodeCards episodes={byEpisode.data.episodes} onDelete={deletion.ask} />;
  }
}

function EmptyHistory() {
  const { t } = useTranslation('library');
  return <EmptyLibrary title={t('history.empty')} hint={t('history.emptyHint')} />;
}
