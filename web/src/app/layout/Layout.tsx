import { Outlet } from 'react-router';
import { GlobalShortcuts } from '../../features/shortcuts';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * Page shell shared by every route: header (with the downloads tray), the routed screen, footer.
 * The docked tray is a fixed column at the right edge; the shell narrows to make room for it.
 */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 has-[[data-tray-docked]]:pr-96">
      <Header />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-4 sm:py-8">
        <Outlet />
      </main>
      <Footer />
      <GlobalShortcuts />
    </div>
  );
}
