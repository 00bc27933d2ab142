import { Link } from 'react-router';
import { Check, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Follow } from '@capshelf/contract';
import { useFollows, useMarkFollowsSeen } from '../../api';
import { buttonClass } from '../../components/button';
import { linkedPath } from '../../lib/linkedPath';
import { useSession } from '../auth';
import { FollowedWorks } from './FollowedWorks';

/** The home page's 新剧集: each followed work's episodes new to this user, until marked seen. */
export function NewEpisodes() {
  const { t } = useTranslation('follows');
  const signedIn = useSession().status === 'authenticated';
  const follows = useFollows(signedIn);
  const seen = useMarkFollowsSeen();
  if (!signedIn || !follows.data) return null;
  const fresh = follows.data.follows.filter((f) => f.new_episodes.length > 0);
  return (
    <section aria-labelledby="new-episodes-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="new-episodes-heading" className="text-xl font-semibold">
          {t('home.title')}
        </h2>
        {fresh.length > 0 && (
          <button
            type="button"
            className={`${buttonClass('secondary')} ml-auto`}
            disabled={seen.isPending}
            onClick={() => seen.mutate(undefined)}
          >
            <CheckCheck aria-hidden className="size-4" />
            {t('home.allSeen')}
          </button>
        )}
      </div>
      {follows.data.follows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('home.none')}</p>
      ) : fresh.length === 0 ? (
        <p className="text-sm text-slate-600">{t('home.empty')}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {fresh.map((follow) => (
            <NewEpisodesCard key={follow.id} follow={follow} />
          ))}
        </ul>
      )}
      <FollowedWorks follows={follows.data.follows} />
    </section>
  );
}

function NewEpisodesCard({ follow }: { follow: Follow }) {
  const { t } = useTranslation('follows');
  const seen = useMarkFollowsSeen();
  const workPath = linkedPath(follow.link);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-2">
        <Link
          to={workPath}
          className="min-w-0 font-medium break-words text-slate-900 hover:text-sky-700 hover:underline"
          data-user-content=""
        >
          {follow.title}
        </Link>
        <button
          type="button"
          className="ml-auto shrink-0 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          aria-label={t('home.seen')}
          title={t('home.seen')}
          disabled={seen.isPending}
          onClick={() => seen.mutate(follow.id)}
        >
          <Check aria-hidden className="size-4" />
        </button>
      </div>
      <ul className="flex flex-wrap gap-2">
        {follow.new_episodes.map((episode) => (
          <li key={episode.id}>
            <Link
              to={linkedPath(episode.link)}
              className="inline-block rounded-full bg-sky-50 px-3 py-1 text-sm text-sky-800 hover:bg-sky-100"
              data-user-content=""
            >
              {episode.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
