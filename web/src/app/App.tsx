import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router';
import { Toaster } from 'react-hot-toast';
import { createQueryClient } from '../api';
import { SessionProvider } from '../features/auth';

/** Providers around the router; tests pass a memory router, main.tsx a browser one. */
export function App({ router }: { router: DataRouter }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      {/* Spec §9: 4 s default, 2 s success, green/red; react-hot-toast keeps at most 20. */}
      <Toaster
        toastOptions={{
          duration: 4000,
          success: {
            duration: 2000,
            style: { background: '#16a34a', color: '#fff' },
            iconTheme: { primary: '#fff', secondary: '#16a34a' },
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
