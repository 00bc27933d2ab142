import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '@capshelf/contract';
import { PreviewImages } from '../../components/PreviewImages';
import { FavoriteHeart, workTarget } from '../favorites';
import { FollowToggle } from '../follows';
import { resultPath } from './links';

/** The type badge: named in the page's language, as the type filter above the results is. */
const typeBadges: Record<SearchResult['content_type'], { label: string; className: string }> = {
  TV: { label: 'badge.tv', className: 'bg-emerald-100 text-emerald-800' },
  Movie: { label: 'badge.movie', className: 'bg-amber-100 text-amber-800' },
  Anime: { label: 'badge.anime', className: 'bg-violet-100 text-violet-800' },
};

export function ResultCard({ result, searchTerm }: { result: SearchResult; searchTerm: string }) {
  const { t } = useTranslation('search');
  const badge = typeBadges[result.content_type];
  return (
    <li className="relative">
      <Link
        to={resultPath(result, searchTerm)}
        className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm transition hover:border-sky-400 hover:shadow"
      >
        <div className="flex items-center gap-2 pr-16 text-xs">
          <span className={`rounded px-1.5 py-0.5 font-semibold ${badge.className}`}>
            {t(badge.label)}
          </span>
          {result.year !== null && <span className="text-slate-500">{result.year}</span>}
        </div>
        <h2 className="font-medium text-slate-900" data-user-content>
          {result.title}
        </h2>
        {result.chinese_name && (
          // The Chinese name the search was made with, beside the source's own title.
          <p className="-mt-1 text-sm text-slate-600" data-user-content>
            {result.chinese_name}
          </p>
        )}
        <PreviewImages urls={result.preview_images} />
      </Link>
      {/* Beside the link, not inside it: a button may not sit within a link. */}
      <FavoriteHeart
        target={workTarget(result)}
        askLogin
        className="absolute top-2 right-2 rounded-full p-1.5 text-slate-500 hover:bg-rose-50 hover:text-rose-500"
      />
      <FollowToggle
        work={result}
        workUrl={result.link.source_url}
        compact
        className="absolute top-2 right-10 rounded-full p-1.5 text-slate-500 hover:bg-sky-50 hover:text-sky-700"
      />
    </li>
  );
}
