import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router';
import { Toaster } from 'react-hot-toast';
import { createQueryClient } from '../api';
import { SessionProvider } from '../features/auth';
import { ThemeSync } from '../features/theme';

/** Providers around the router; tests pass a memory router, main.tsx a browser one. */
export function App({ router }: { router: DataRouter }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ThemeSync />
        <RouterProvider router={router} />
      </SessionProvider>
      {/* 4 s default, 2 s success, green/red; react-hot-toast keeps at most 20.
          Plain toasts take the theme's colours (index.css); white on green-700 meets AA. At the
          bottom: the selection bar and its download button stay at the top of the screen. */}
      <Toaster
        position="bottom-center"
        toastOptions={{
          duration: 4000,
          style: { background: 'var(--toast-background)', color: 'var(--toast-color)' },
          success: {
            duration: 2000,
            style: { background: '#15803d', color: '#fff' },
            iconTheme: { primary: '#fff', secondary: '#15803d' },
          },
          error: {
            style: { background: '#dc2626', color: '#fff' },
            iconTheme: { primary: '#fff', secondary: '#dc2626' },
          },
        }}
      />
    </QueryClientProvider>
  );
}
