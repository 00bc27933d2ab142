import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FollowMode, type Follow } from '@capshelf/contract';
import { ApiError, errorMessage, isRecord, useCheckFollow, useFollowMode } from '../../api';
import { SelectField } from '../../components/SelectField';
import { formatDate } from '../../lib/formatDate';
import { linkedPath } from '../../lib/linkedPath';
import { FollowToggle } from './FollowToggle';
import { relativeTime } from './relativeTime';

/**
 * Every followed work, folded away: its Chinese name under the source's title, its episodes, when
 * it was checked and is checked next, its next broadcast, 立即检查, 已完结, what its new episodes
 * bring (仅提醒 / 自动缓存 / 自动下载), and unfollow.
 */
export function FollowedWorks({ follows }: { follows: readonly Follow[] }) {
  const { t } = useTranslation('follows');
  if (follows.length === 0) return null;
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">
        {t('home.followed', { count: follows.length })}
      </summary>
      <ul className="mt-2 divide-y divide-slate-100">
        {follows.map((follow) => (
          <FollowedWork key={follow.id} follow={follow} />
        ))}
      </ul>
    </details>
  );
}

function FollowedWork({ follow }: { follow: Follow }) {
  const { t, i18n } = useTranslation('follows');
  const mode = useFollowMode();
  const next = relativeTime(follow.next_check_at, i18n.language);
  const broadcast = follow.next_broadcast_at
    ? relativeTime(follow.next_broadcast_at, i18n.language)
    : null;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <span className="flex min-w-0 flex-col">
        <Link
          to={linkedPath(follow.link)}
          className="font-medium break-words text-slate-900 hover:text-sky-700 hover:underline"
          data-user-content=""
        >
          {follow.title}
        </Link>
        {follow.chinese_name && (
          // The title table's name of the work, under the source's own title.
          <span className="break-words text-slate-600" data-user-content="">
            {follow.chinese_name}
          </span>
        )}
      </span>
      {follow.status === 'finished' && (
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
          {t('status.finished')}
        </span>
      )}
      <span className="text-slate-500">
        {t('home.episodes', { count: follow.episode_count })} ·{' '}
        {follow.last_checked_at
          ? t('home.checked', { when: formatDate(follow.last_checked_at) })
          : t('home.notChecked')}{' '}
        ·{' '}
        <span data-testid="next-check" className="whitespace-nowrap">
          {next ? t('home.nextCheck', { when: next }) : t('home.nextCheckSoon')}
        </span>
        {broadcast && (
          <>
            {' '}
            ·{' '}
            <span
              data-testid="next-broadcast"
              title={formatDate(follow.next_broadcast_at)}
              className="whitespace-nowrap"
            >
              {t('home.nextBroadcast', { when: broadcast })}
            </span>
          </>
        )}
      </span>
      <SelectField
        id={`follow-mode-${follow.id}`}
        label={t('mode.label')}
        value={follow.mode}
        options={FollowMode.options.map((value) => ({ value, label: t(`mode.${value}`) }))}
        onChange={(value) => mode.mutate({ id: follow.id, mode: value })}
        disabled={mode.isPending}
      />
      <CheckNow follow={follow} />
      <FollowToggle
        work={{ kind: follow.kind, id: follow.work_id }}
        workUrl={follow.link.source_url}
        className="ml-auto rounded px-2 py-1 text-slate-600 hover:bg-slate-100"
      />
    </li>
  );
}

/** 立即检查 of one work: disabled while it runs; says what it found, or how long to wait. */
function CheckNow({ follow }: { follow: Follow }) {
  const { t } = useTranslation('follows');
  const check = useCheckFollow();
  const [note, setNote] = useState<string | null>(null);
  const run = () => {
    setNote(null);
    check.mutate(follow.id, {
      onSuccess: (checked) => {
        const count = checked.new_episodes.length;
        setNote(count > 0 ? t('check.found', { count }) : t('check.none'));
      },
      onError: (error) => setNote(checkError(error, t)),
    });
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded px-2 py-1 text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60"
        aria-label={t('check.label', { title: follow.title })}
        disabled={check.isPending}
        onClick={run}
      >
        <RefreshCw aria-hidden className={`size-4 ${check.isPending ? 'animate-spin' : ''}`} />
        {check.isPending ? t('check.busy') : t('check.button')}
      </button>
      <span role="status" className="text-slate-600">
        {note}
      </span>
    </span>
  );
}

/** A 429 names the wait (`retry_after`) in the page's language; anything else the server's text. */
function checkError(error: unknown, t: TFunction<'follows'>): string {
  if (error instanceof ApiError && error.status === 429) {
    const seconds = isRecord(error.body) ? Number(error.body.retry_after) : NaN;
    if (Number.isFinite(seconds) && seconds > 0) return t('check.tooSoon', { count: seconds });
  }
  return errorMessage(error, t('check.failed'));
}
