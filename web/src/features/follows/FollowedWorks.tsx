import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FollowMode, type Follow } from '@capshelf/contract';
import { useFollowMode } from '../../api';
import { SelectField } from '../../components/SelectField';
import { formatDate } from '../../lib/formatDate';
import { linkedPath } from '../../lib/linkedPath';
import { FollowToggle } from './FollowToggle';

/**
 * Every followed work, folded away: its episodes, when it was checked, 已完结, what its new
 * episodes bring (仅提醒 / 自动缓存 / 自动下载), and unfollow.
 */
export function FollowedWorks({ follows }: { follows: readonly Follow[] }) {
  const { t } = useTranslation('follows');
  const mode = useFollowMode();
  if (follows.length === 0) return null;
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">
        {t('home.followed', { count: follows.length })}
      </summary>
      <ul className="mt-2 divide-y divide-slate-100">
        {follows.map((follow) => (
          <li key={follow.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <Link
              to={linkedPath(follow.link, { title: follow.title, contentType: follow.kind })}
              className="min-w-0 font-medium break-words text-slate-900 hover:text-sky-700 hover:underline"
              data-user-content=""
            >
              {follow.title}
            </Link>
            {follow.status === 'finished' && (
              <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                {t('status.finished')}
              </span>
            )}
            <span className="text-slate-500">
              {t('home.episodes', { count: follow.episode_count })} ·{' '}
              {follow.last_checked_at
                ? t('home.checked', { when: formatDate(follow.last_checked_at) })
                : t('home.notChecked')}
            </span>
            <SelectField
              id={`follow-mode-${follow.id}`}
              label={t('mode.label')}
              value={follow.mode}
              options={FollowMode.options.map((value) => ({ value, label: t(`mode.${value}`) }))}
              onChange={(value) => mode.mutate({ id: follow.id, mode: value })}
              disabled={mode.isPending}
            />
            <FollowToggle
              work={{ kind: follow.kind, id: follow.work_id }}
              workUrl={follow.link.source_url}
              className="ml-auto rounded px-2 py-1 text-slate-600 hover:bg-slate-100"
            />
          </li>
        ))}
      </ul>
    </details>
  );
}
