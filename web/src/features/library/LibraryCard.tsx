import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ImageItem } from '@capshelf/contract';
import { PreviewImages } from '../../components/PreviewImages';
import { FavoriteHeart, type FavoriteTarget } from '../favorites';

interface LibraryCardProps {
  title: string;
  /** The work's Chinese name beside the source's title, when the server has one. */
  chineseName?: string | null;
  /** Counts and times under the title. */
  details: ReactNode;
  previews: readonly ImageItem[];
  /** Where the card leads; none for a group that has no page (a plain card). */
  to?: string;
  /** No heart while the work or episode is unknown (the uncategorized group). */
  favorite?: FavoriteTarget;
  /** Buttons beside the heart (the history's delete). */
  actions?: ReactNode;
  /** data-* attributes naming the card for tests. */
  data?: Record<`data-${string}`, string | number>;
}

/**
 * A work or episode of a library: the whole card is a link to it (middle-click and "open in new
 * tab" work), the heart sits on top, beside the link rather than in it.
 */
export function LibraryCard({
  title,
  chineseName,
  details,
  previews,
  to,
  favorite,
  actions,
  data,
}: LibraryCardProps) {
  const body = (
    <>
      <span className="pr-16 font-medium break-words text-slate-900" data-user-content="">
        {title}
      </span>
      {chineseName && (
        <span className="-mt-1 text-sm break-words text-slate-600" data-user-content="">
          {chineseName}
        </span>
      )}
      <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">{details}</span>
      <PreviewImages urls={previews.map((image) => image.thumb_url)} />
    </>
  );
  return (
    <li className="relative" {...data}>
      {to ? (
        <Link to={to} className={`${cardClass} hover:border-sky-400 hover:shadow`}>
          {body}
        </Link>
      ) : (
        <div className={cardClass}>{body}</div>
      )}
      <div className="absolute top-2 right-2 flex items-center gap-1">
        {actions}
        {favorite && (
          <FavoriteHeart
            target={favorite}
            className="rounded-full p-1.5 text-slate-500 hover:bg-rose-50 hover:text-rose-500"
          />
        )}
      </div>
    </li>
  );
}

const cardClass =
  'flex h-full w-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-left shadow-sm transition';

/** The grid the cards sit in. */
export function CardGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
    >
      {children}
    </ul>
  );
}
