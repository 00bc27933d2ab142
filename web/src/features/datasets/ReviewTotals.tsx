import { useTranslation } from 'react-i18next';
import type { Tally } from './decision';

/** 图片 / 保留 / 剔除 and each reason, as the user's decisions make them now. */
export function ReviewTotals({ tally, complete }: { tally: Tally; complete: boolean }) {
  const { t } = useTranslation('downloads');
  const items: [string, number][] = [
    ['images', tally.images],
    ['kept', tally.kept],
    ['dropped', tally.dropped],
    ['near_duplicate', tally.byReason.near_duplicate],
    ['dark', tally.byReason.dark],
    ['blank', tally.byReason.blank],
    ['blurry', tally.byReason.blurry],
    ['droppedByYou', tally.droppedByYou],
    ['keptByYou', tally.keptByYou],
  ];
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-9">
        {items.map(([key, value]) => (
          <div
            key={key}
            className="rounded-md border border-slate-200 bg-white px-2 py-1.5"
            data-total={key}
          >
            <dt className="truncate text-xs text-slate-500">{t(`review.totals.${key}`)}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600" role="status">
        {complete
          ? t('review.complete')
          : t('review.reading', { pending: tally.pending, count: tally.images })}
      </p>
    </div>
  );
}
