import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { Header } from './Header';

/** Page shell shared by every route: header, the routed screen, footer. */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <Header />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
