import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FavoriteItemType } from '@capshelf/contract';

/** A favourite the user asked to delete; `title` names it in the confirmation. */
export interface DeleteTarget {
  type: FavoriteItemType;
  id: number;
  title: string;
}

export function SelectBox(props: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <input
      type="checkbox"
      aria-label={props.label}
      checked={props.checked}
      onChange={props.onChange}
      className="size-4 shrink-0 cursor-pointer accent-sky-600"
    />
  );
}

export function DeleteButton({
  label,
  onClick,
  className = '',
}: {
  label: string;
  onClick: () => void;
  className?: string;
}) {
  const { t } = useTranslation('favorites');
  return (
    <button
      type="button"
      aria-label={label}
      title={t('controls.delete')}
      onClick={onClick}
      className={`rounded p-1 transition-colors ${className}`}
    >
      <Trash2 aria-hidden className="size-4" />
    </button>
  );
}

/** A titled group of cards (by work or by episode); `userTitle` when the title is source data. */
export function GroupSection(props: {
  title: string;
  userTitle?: boolean;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-label={props.title} className="flex flex-col gap-2">
      <h3 className="font-semibold text-slate-800">
        <span data-user-content={props.userTitle ? '' : undefined}>{props.title}</span>{' '}
        <span className="text-sm font-normal text-slate-500">({props.count})</span>
      </h3>
      {props.children}
    </section>
  );
}

export function EmptyTab({ text }: { text: string }) {
  return <p className="py-12 text-center text-slate-500">{text}</p>;
}
