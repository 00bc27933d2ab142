import { Link } from 'react-router';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button';

/**
 * A library with nothing in it yet (every library starts so for a new user): what it will hold
 * and where to start, 开始搜索, rather than a bare line.
 */
export function EmptyLibrary({ title, hint }: { title: string; hint: string }) {
  const { t } = useTranslation('library');
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="text-lg font-medium text-slate-700">{title}</p>
      <p className="max-w-xl text-sm text-slate-500">{hint}</p>
      <Link to="/search" className={buttonClass()}>
        <Search aria-hidden className="size-4" />
        {t('startSearch')}
      </Link>
    </div>
  );
}
