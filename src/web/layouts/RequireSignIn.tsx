import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '#web/components/PageLoading';
import { useHydrated } from '#web/hooks/useHydrated';
import { useAuth } from '#web/lib/auth/authContext';
import type { FromState } from '#web/lib/auth/origin';
import { PrivateHead } from './PrivateHead';
import { paths } from '#shared/paths';

/**
 * Guards the pages that need a sign-in: guests go to /login, which brings them back here. The
 * browser sends them (the server's HTML, and its hydration, only hold the page's place), so the
 * page they came from travels along in the navigation state.
 */
export function RequireSignIn() {
  const { status } = useAuth();
  const location = useLocation();
  const hydrated = useHydrated();
  if (status === 'signedIn') return <Outlet />;
  if (status === 'loading' || !hydrated) {
    // The layout's progress bar shows meanwhile.
    return (
      <>
        <PrivateHead />
        <PageLoading />
      </>
    );
  }
  return <Navigate to={paths.login} replace state={{ from: location } satisfies FromState} />;
}
