import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FavoriteContentType, FavoriteWork } from '@capshelf/contract';
import { formatDate } from '../../../lib/formatDate';
import { FollowToggle } from '../../follows';
import { DeleteButton, SelectBox, type DeleteTarget } from './controls';
import { favoriteWorkPath } from './links';
import type { FavoriteSelection } from './useFavoriteSelection';

const typeTags: Record<FavoriteContentType, { label: string; className: string }> = {
  movie: { label: 'types.movie', className: 'bg-amber-100 text-amber-800' },
  tv: { label: 'types.tv', className: 'bg-emerald-100 text-emerald-800' },
  anime: { label: 'types.anime', className: 'bg-violet-100 text-violet-800' },
};

interface WorksTabProps {
  works: readonly FavoriteWork[];
  selection: FavoriteSelection;
  onDelete: (target: DeleteTarget) => void;
}

export function WorksTab({ works, selection, onDelete }: WorksTabProps) {
  const { t } = useTranslation('favorites');
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {works.map((work) => {
        const tag = typeTags[work.content_type];
        return (
          <li
            key={work.id}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
          >
            <div className="flex items-center gap-2">
              <SelectBox
                label={t('select', { name: work.title })}
                checked={selection.isSelected('work', work.id)}
                onChange={() => selection.click('work', work.id)}
              />
              <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${tag.className}`}>
                {t(tag.label)}
              </span>
              <a
                href={work.original_url}
                target="_blank"
                rel="noreferrer"
                aria-label={t('openOriginalNamed', { name: work.title })}
                title={t('openOriginal')}
                className="ml-auto rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              >
                <ExternalLink aria-hidden className="size-4" />
              </a>
              {work.kind && work.work_id !== null && work.link && (
                <FollowToggle
                  work={{ kind: work.kind, id: work.work_id }}
                  workUrl={work.link.source_url}
                  compact
                  className="rounded p-1 text-slate-500 hover:bg-sky-50 hover:text-sky-700"
                />
              )}
              <DeleteButton
                label={t('deleteItem', { name: work.title })}
                onClick={() => onDelete({ type: 'work', id: work.id, title: work.title })}
                className="text-slate-500 hover:bg-red-50 hover:text-red-600"
              />
            </div>
            <Link
              to={favoriteWorkPath(work)}
              className="font-medium text-slate-900 hover:text-sky-700 hover:underline"
              data-user-content=""
            >
              {work.title}
            </Link>
            {work.chinese_name && (
              <p className="-mt-1 text-sm text-slate-600" data-user-content="">
                {work.chinese_name}
              </p>
            )}
            <p className="text-xs text-slate-500">
              {t('savedAt', { date: formatDate(work.created_at) })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
