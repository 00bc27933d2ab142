import { Link, NavLink } from 'react-router';
import { Images, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/auth';
import { buttonClass } from '../../components/button';
import { DownloadsPanel } from '../../features/downloads/DownloadsPanel';
import { NewEpisodesBadge } from '../../features/follows';
import { FavoritesBadge } from './FavoritesBadge';
import { UserMenu } from './UserMenu';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center rounded-md px-2 py-2 text-sm font-medium sm:px-3 ${
    isActive ? 'bg-sky-50 text-sky-700' : 'text-slate-600 hover:text-slate-900'
  }`;

export function Header() {
  const { status, user, signOut } = useSession();
  const { t } = useTranslation('layout');
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-3 sm:gap-x-4">
        <Link
          to="/"
          aria-label={t('header.home')}
          className="flex items-center gap-2 text-lg font-bold text-sky-700"
        >
          <Images aria-hidden className="size-6" />
          {/* Icon only on a phone, so the header keeps to one line. */}
          <span className="hidden sm:inline">capshelf</span>
        </Link>
        <nav aria-label={t('header.nav')} className="flex items-center gap-1">
          <NavLink to="/" end className={navLinkClass}>
            {t('nav.home')}
            {status === 'authenticated' && <NewEpisodesBadge />}
          </NavLink>
          <NavLink to="/search" className={navLinkClass}>
            {t('nav.search')}
          </NavLink>
          <NavLink to="/favorites" className={navLinkClass}>
            {t('nav.favorites')}
            {status === 'authenticated' && <FavoritesBadge />}
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          {status === 'authenticated' && <DownloadsPanel />}
          {user ? (
            <UserMenu user={user} onSignOut={() => void signOut()} />
          ) : (
            status === 'unauthenticated' && (
              <Link to="/login" className={buttonClass()}>
                <LogIn aria-hidden className="size-4" />
                {t('auth:login.submit')}
              </Link>
            )
          )}
        </div>
      </div>
    </header>
  );
}
