import { useTranslation } from 'react-i18next';
import { useFavoriteStats } from '../../api';
import { badgeText } from '../../lib/badgeText';

export { badgeText };

/** Total favourite items next to the nav link; stays hidden while the call fails. */
export function FavoritesBadge() {
  const { t } = useTranslation('layout');
  const stats = useFavoriteStats();
  const text = stats.isError ? null : badgeText(stats.data?.data.total_items ?? 0);
  if (!text) return null;
  return (
    <span
      title={t('favoritesTotal')}
      className="ml-1 rounded-full bg-rose-500 px-1.5 text-xs leading-5 font-semibold text-white"
    >
      {text}
    </span>
  );
}
