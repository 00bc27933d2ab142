import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { Panel } from '../../components/Panel';
import { buttonClass } from '../../components/button';

interface NotOpenableProps {
  /** The address handed over; null when none came. */
  address: string | null;
  /** What was shared besides (no address): offered as a search. */
  words?: string;
  /** The address is the source's, but no page capshelf has (a picture, the home page). */
  onSource?: boolean;
}

/** /open's answer to an address it cannot open, or to no address at all. */
export function NotOpenable({ address, words = '', onSource = false }: NotOpenableProps) {
  const { t } = useTranslation('open');
  const search = words ? `/search?${new URLSearchParams({ q: words })}` : '/search';
  return (
    <Panel title={t('notOpenable.title')}>
      <p className="text-slate-700">
        {t(
          address ? (onSource ? 'notOpenable.unknown' : 'notOpenable.foreign') : 'notOpenable.none',
        )}
      </p>
      {address && (
        <div className="flex flex-col gap-1 text-sm">
          <span className="text-slate-500">{t('notOpenable.address')}</span>
          <code
            data-user-content=""
            className="rounded-md bg-slate-100 px-2 py-1 break-all text-slate-800"
          >
            {address}
          </code>
        </div>
      )}
      <p className="text-sm text-slate-600">{t('notOpenable.hint')}</p>
      <Link to={search} className={`${buttonClass()} self-start`}>
        <Search aria-hidden className="size-4" />
        {words ? t('notOpenable.searchWords', { words }) : t('notOpenable.search')}
      </Link>
    </Panel>
  );
}
