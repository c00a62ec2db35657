import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlertHost } from '#web/components/dialogs/AlertHost';
import { ToastHost } from '#web/components/toasts/ToastHost';
import { AuthProvider } from '#web/lib/auth/AuthProvider';
import { SiteContext, type Site } from '#web/lib/siteContext';

/** What every page runs inside, in the browser and on the server alike. */
export function AppProviders({
  queryClient,
  site,
  children,
}: {
  queryClient: QueryClient;
  site: Site;
  children: ReactNode;
}) {
  return (
    <SiteContext value={site}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <AlertHost />
        </AuthProvider>
        <ToastHost />
      </QueryClientProvider>
    </SiteContext>
  );
}
