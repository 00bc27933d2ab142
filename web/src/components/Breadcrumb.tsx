import { Fragment } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface Crumb {
  label: string;
  /** Absent on the current (last) place. */
  to?: string;
  /** The label is user data (a title from the source site): kept as is, outside the CJK check. */
  user?: boolean;
}

/** Where the screen sits: `搜索 › 作品 › 剧集`, every level but the last a link. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useTranslation('layout');
  return (
    <nav aria-label={t('breadcrumb')} className="min-w-0 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          <Fragment key={`${index}-${item.label}`}>
            {index > 0 && (
              <li aria-hidden>
                <ChevronRight className="size-4 text-slate-400" />
              </li>
            )}
            <li
              className="max-w-full min-w-0 truncate"
              data-user-content={item.user ? '' : undefined}
            >
              {item.to ? (
                <Link to={item.to} className="text-sky-700 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span aria-current="page" className="text-slate-900">
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
