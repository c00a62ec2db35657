import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { toast } from '#web/components/toasts/toast';
import { NavigationProgress } from '#web/components/NavigationProgress';
import { PageLoading } from '#web/components/PageLoading';
import { useHydrated } from '#web/hooks/useHydrated';
import { useAuth } from '#web/lib/auth/authContext';
import { PrivateHead } from './PrivateHead';

/**
 * Guards the admin area (spec): anyone else, guests included, sees the toast 'You are not an
 * admin' and goes home. The server refuses their admin API calls all the same. The area is
 * drawn by the browser: the server's HTML holds its title and a placeholder.
 */
export function RequireAdmin() {
  const { status, isAdmin } = useAuth();
  const hydrated = useHydrated();
  const refused = hydrated && status !== 'loading' && !isAdmin;

  useEffect(() => {
    // The id keeps it to one toast when React runs the effect twice (development).
    if (refused) toast.error('You are not an admin', { id: 'not-an-admin' });
  }, [refused]);

  if (status === 'loading' || !hydrated) {
    return (
      <>
        <PrivateHead />
        <NavigationProgress />
        <PageLoading />
      </>
    );
  }
  if (refused) return <Navigate to="/" replace />;
  return (
    <>
      <PrivateHead />
      <Outlet />
    </>
  );
}
