import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AlertHost } from '../components/dialogs/AlertHost';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { SiteContext, type Site } from '../lib/siteContext';

/** Spec: toasts show for 1.5 s. */
const toastMs = 1500;

/**
 * Sonner's rich colours put light text on light tints (4.2:1 for a success): these darker texts
 * on the same tints read at 6:1 or better, as WCAG AA asks of small text (4.5:1).
 */
const toastColors = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--error-text': 'hsl(360, 100%, 35%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
} as CSSProperties;

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
        <Toaster
          position="top-right"
          richColors
          closeButton
          duration={toastMs}
          style={toastColors}
        />
      </QueryClientProvider>
    </SiteContext>
  );
}
