import { useTranslation } from 'react-i18next';
import { useFollows } from '../../api';
import { badgeText } from '../../lib/badgeText';

/** New episodes of followed works, next to 首页 (where they are listed), until seen. */
export function NewEpisodesBadge() {
  const { t } = useTranslation('follows');
  const follows = useFollows();
  const count = follows.data?.new_total ?? 0;
  const text = follows.isError ? null : badgeText(count);
  if (!text) return null;
  return (
    <span
      data-testid="new-episodes-badge"
      title={t('badge', { count })}
      aria-label={t('badge', { count })}
      className="ml-1 rounded-full bg-sky-600 px-1.5 text-xs leading-5 font-semibold text-white"
    >
      {text}
    </span>
  );
}
