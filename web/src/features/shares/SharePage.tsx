import { useState, type MouseEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Archive, Lock } from 'lucide-react';
import type { PublicShare } from '@capshelf/contract';
import { ApiError, errorMessage, unlockShare, useShareVisit, visitRanOut } from '../../api';
import { ErrorBox } from '../../components/ErrorBox';
import { FormField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { buttonClass } from '../../components/button';
import { formatDate } from '../../lib/formatDate';
import { usePageTitle } from '../../lib/usePageTitle';
import { ShareViewer } from './ShareViewer';
import { shareTitle } from './title';
import { useVisitorLocale } from './visitorLocale';

const grantKey = (token: string) => `capshelf.share.${token}`;

type OpenShare = Extract<PublicShare, { locked: false }>;

/**
 * /s/<token>: a share link's public page. No account: the grid of what the share shows, a viewer,
 * 原图 and the archive when the owner allows, a password form when it has one.
 */
export function SharePage() {
  useVisitorLocale();
  const { t } = useTranslation('shares');
  const { token = '' } = useParams();
  // The grant of an unlocked share lasts this tab's session (the server ends it after 12 h).
  const [grant, setGrant] = useState(() => sessionStorage.getItem(grantKey(token)));
  const visit = useShareVisit(token, grant);
  const [viewing, setViewing] = useState<number | null>(null);
  const shown = visit.data && !visit.data.locked ? visit.data : null;
  const title = shown && shareTitle(t, { ...shown, count: shown.images.length });
  usePageTitle(title || t('page.title'));

  // Every picture of a scrolled grid may fail at once: they share one read (a read cancelled and
  // made again would count a view each time it reached the server).
  const renew = () => visit.refetch({ cancelRefetch: false });
  /** A picture that failed to load: new addresses if the visit's have run out. */
  const renewBroken = () => {
    if (visitRanOut(visit)) void renew();
  };
  /** A link of the visit followed after its addresses ran out: the new visit's link instead. */
  const followFresh =
    (pick: (share: OpenShare) => string | null | undefined, open: (url: string) => void) =>
    (event: MouseEvent) => {
      if (!visitRanOut(visit)) return;
      event.preventDefault();
      void renew().then((fresh) => {
        // A share gone meanwhile: the page says so, and the old address is not followed.
        const url = fresh.isSuccess && !fresh.data.locked ? pick(fresh.data) : null;
        if (url) open(url);
      });
    };

  return (
    <main className="mx-auto flex min-h-screen w-full max-w-6xl flex-col gap-4 p-4">
      {content()}
    </main>
  );

  function content() {
    if (visit.isPending) return <Spinner />;
    if (visit.isError) {
      return (
        <ErrorBox title={t('page.goneTitle')} message={errorMessage(visit.error, t('page.gone'))} />
      );
    }
    if (visit.data.locked) {
      return (
        <Unlock
          token={token}
          onGrant={(next) => {
            sessionStorage.setItem(grantKey(token), next);
            setGrant(next);
          }}
        />
      );
    }
    const share = visit.data;
    const heading = shareTitle(t, { ...share, count: share.images.length });
    return (
      <>
        <header className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <div className="flex min-w-0 flex-col">
            <h1
              className="text-2xl font-bold break-words text-slate-900"
              data-user-content={share.title ? '' : undefined}
            >
              {heading}
            </h1>
            <p className="text-sm text-slate-500">
              <span data-user-content="">{t('page.by', { name: share.owner_name })}</span>
              {' · '}
              {t('page.count', { count: share.images.length })}
              {share.expires_at && ` · ${t('page.until', { date: formatDate(share.expires_at) })}`}
            </p>
          </div>
          {share.zip_url && (
            <a
              href={share.zip_url}
              className={`${buttonClass()} ml-auto`}
              download
              onClick={followFresh(
                (fresh) => fresh.zip_url,
                // The new address, downloaded as the link itself would be.
                (url) =>
                  Object.assign(document.createElement('a'), { href: url, download: '' }).click(),
              )}
            >
              <Archive aria-hidden className="size-4" />
              {t('page.zip')}
            </a>
          )}
        </header>
        <ul
          aria-label={t('page.images')}
          className="grid grid-cols-3 gap-1.5 sm:grid-cols-4 md:grid-cols-6"
        >
          {share.images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                className="block aspect-video w-full overflow-hidden rounded bg-slate-200"
                onClick={() => setViewing(index)}
                aria-label={t('page.open', { n: index + 1 })}
              >
                <img
                  src={image.thumb_url}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover"
                  onError={renewBroken}
                />
              </button>
            </li>
          ))}
        </ul>
        {viewing !== null && (
          <ShareViewer
            images={share.images}
            index={viewing}
            onIndex={setViewing}
            onClose={() => setViewing(null)}
            onBroken={renewBroken}
            onOriginal={(id) =>
              followFresh(
                (fresh) => fresh.images.find((image) => image.id === id)?.original_url,
                (url) => window.open(url, '_blank', 'noreferrer'),
              )
            }
          />
        )}
      </>
    );
  }
}

function Unlock({ token, onGrant }: { token: string; onGrant: (grant: string) => void }) {
  const { t } = useTranslation('shares');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="mx-auto mt-16 flex w-full max-w-sm flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        unlockShare(token, password)
          .then(({ grant }) => onGrant(grant))
          .catch((failure: unknown) =>
            // The one refusal here is a wrong password: say so in the page's language.
            setError(
              failure instanceof ApiError && failure.status === 403
                ? t('unlock.wrong')
                : errorMessage(failure, t('unlock.failed')),
            ),
          )
          .finally(() => setBusy(false));
      }}
    >
      <h1 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Lock aria-hidden className="size-5" />
        {t('unlock.title')}
      </h1>
      <FormField
        id="share-password"
        label={t('unlock.password')}
        kind="current-password"
        value={password}
        onChange={setPassword}
        required
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass()} disabled={busy || password === ''}>
        {t('unlock.submit')}
      </button>
    </form>
  );
}
