import { RefreshCw } from 'lucide-react';
import type { SearchResponse } from '@capshelf/contract';
import { buttonClass } from '../../components/button';
import { ResultCard } from './ResultCard';

interface SearchResultsProps {
  data: SearchResponse;
  searchTerm: string;
  refreshing: boolean;
  onRefresh: () => void;
}

export function SearchResults({ data, searchTerm, refreshing, onRefresh }: SearchResultsProps) {
  return (
    <section aria-label="搜索结果" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600">共 {data.total} 个结果</p>
        {data.cached && (
          <span className="rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-700">缓存数据</span>
        )}
        <button
          type="button"
          className={`${buttonClass('secondary')} ml-auto`}
          onClick={onRefresh}
          disabled={refreshing}
          title="跳过缓存，重新从来源网站获取"
        >
          <RefreshCw aria-hidden className={`size-4 ${refreshing ? 'animate-spin' : ''}`} />
          智能刷新
        </button>
      </div>
      {data.results.length === 0 ? (
        <p className="py-12 text-center text-slate-500">未找到相关内容</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.results.map((result) => (
            <ResultCard key={result.url} result={result} searchTerm={searchTerm} />
          ))}
        </ul>
      )}
    </section>
  );
}
