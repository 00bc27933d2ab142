import { Link, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { errorMessage, useSearchLibrary, useSearchLibraryEpisodes } from '../../../api';
import { ErrorBox } from '../../../components/ErrorBox';
import { RadioGroup } from '../../../components/RadioGroup';
import { Spinner } from '../../../components/Spinner';
import { buttonClass } from '../../../components/button';
import { EpisodeCards } from './EpisodeCards';
import { useHistoryDeletion } from './useHistoryDeletion';
import { WorkCards } from './WorkCards';
import { usePageTitle } from '../../../lib/usePageTitle';

type View = 'work' | 'episode';
const viewOptions = [
  { value: 'work', label: '按作品' },
  { value: 'episode', label: '按剧集' },
] as const;

/** /search-based-library and /history (?view=episode): what the user browsed, by work or episode. */
export function SearchLibraryPage() {
  usePageTitle('搜索历史图库');
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'episode' ? 'episode' : 'work';
  const byWork = useSearchLibrary();
  const byEpisode = useSearchLibraryEpisodes(view === 'episode');
  const deletion = useHistoryDeletion();
  const query = view === 'work' ? byWork : byEpisode;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <h1 className="text-2xl font-bold text-slate-900">搜索历史图库</h1>
        {byWork.data && (
          <span className="text-sm text-slate-500">
            作品 {byWork.data.total_categories} 部，图片 {byWork.data.total_images} 张
          </span>
        )}
        <div className="ml-auto">
          <RadioGroup
            name="history-view"
            legend="查看方式"
            value={view}
            options={viewOptions}
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
      const message = `加载搜索历史分类库失败: ${errorMessage(query.error, '未知错误')}`;
      return <ErrorBox message={message} onRetry={() => void query.refetch()} />;
    }
    if (view === 'work') {
      if (!byWork.data) return <Spinner />;
      if (byWork.data.categories.length === 0) return <EmptyHistory />;
      return <WorkCards categories={byWork.data.categories} />;
    }
    if (!byEpisode.data) return <Spinner />;
    if (byEpisode.data.episodes.length === 0) return <EmptyHistory />;
    return <EpisodeCards episodes={byEpisode.data.episodes} onDelete={deletion.ask} />;
  }
}

function EmptyHistory() {
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="text-lg font-medium text-slate-700">暂无搜索历史</p>
      <p className="text-sm text-slate-500">
        搜索并浏览剧集后，看过的内容会按作品和剧集整理在这里。
      </p>
      <Link to="/search" className={buttonClass()}>
        <Search aria-hidden className="size-4" />
        开始搜索
      </Link>
    </div>
  );
}
