import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { useAuth } from '../lib/auth/authContext';
import type { FromState } from '../lib/auth/origin';

/** Guards the pages that need a sign-in: guests go to /login, which brings them back here. */
export function RequireSignIn() {
  const { status } = useAuth();
  const location = useLocation();
  // The layout's progress bar shows meanwhile.
  if (status === 'loading') return <PageLoading />;
  if (status === 'signedOut') {
    return <Navigate to="/login" replace state={{ from: location } satisfies FromState} />;
  }
  return <Outlet />;
}
