import { Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDownloadStorage } from '../../api';

/**
 * 标签：已开启（model）: the server tags dataset archives with this WD14 model (`tagger_model` of
 * the download list's storage); nothing when it does not. Shown by the whole-work dialog and the
 * dataset review beside the archive's layout.
 */
export function TaggerBadge() {
  const { t } = useTranslation('downloads');
  const model = useDownloadStorage()?.tagger_model;
  if (!model) return null;
  return (
    <p
      className="inline-flex max-w-full items-center gap-1 self-start rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800 ring-1 ring-emerald-200"
      title={t('export.taggerHint')}
    >
      <Tags aria-hidden className="size-3.5 shrink-0" />
      <span className="truncate">{t('export.tagger', { model })}</span>
    </p>
  );
}
