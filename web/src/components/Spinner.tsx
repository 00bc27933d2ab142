import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Full-width loading state with a visible label (also announced as a status). */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-500">
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
