import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AlertHost } from '../components/dialogs/AlertHost';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { SiteContext, type Site } from '../lib/siteContext';

/** Spec: toasts show for 1.5 s. */
const toastMs = 1500;

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
        <Toaster position="top-right" richColors closeButton duration={toastMs} />
      </QueryClientProvider>
    </SiteContext>
  );
}
