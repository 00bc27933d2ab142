import { Outlet } from 'react-router';
import { useSession } from '../../features/auth';
import { DownloadsPanel } from '../../features/downloads/DownloadsPanel';
import { GlobalShortcuts } from '../../features/shortcuts';
import { Footer } from './Footer';
import { Header } from './Header';

/** Page shell shared by every route: header, the routed screen, footer, downloads tray. */
export function Layout() {
  const { status } = useSession();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <Header />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <Footer />
      {status === 'authenticated' && <DownloadsPanel />}
      <GlobalShortcuts />
    </div>
  );
}
