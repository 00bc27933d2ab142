import { Rss } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { errorMessage, useChangeFeed, useFeedAddress } from '../../api';
import { buttonClass } from '../../components/button';

/** The profile's 订阅源: the personal Atom feed's address, made again or turned off. */
export function FeedPanel() {
  const { t } = useTranslation('follows');
  const address = useFeedAddress();
  const change = useChangeFeed();
  const url = address.data?.url ?? null;
  const run = (off: boolean) =>
    change
      .mutateAsync(off)
      .catch((error: unknown) => toast.error(errorMessage(error, t('toggle.failed'))));
  return (
    <section
      aria-labelledby="feed-heading"
      className="mx-auto flex w-full max-w-md flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2
        id="feed-heading"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <Rss aria-hidden className="size-5 text-orange-500" />
        {t('feed.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('feed.intro')}</p>
      {url && (
        <input
          readOnly
          aria-label={t('feed.address')}
          value={url}
          onFocus={(event) => event.target.select()}
          className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs"
        />
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass(url ? 'secondary' : 'primary')}
          disabled={change.isPending || address.isLoading}
          onClick={() => void run(false)}
        >
          {url ? t('feed.regenerate') : t('feed.turnOn')}
        </button>
        {url && (
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={change.isPending}
            onClick={() => void run(true)}
          >
            {t('feed.turnOff')}
          </button>
        )}
      </div>
    </section>
  );
}
