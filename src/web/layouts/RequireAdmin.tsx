import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { toast } from 'sonner';
import { NavigationProgress } from '../components/NavigationProgress';
import { PageLoading } from '../components/PageLoading';
import { useAuth } from '../lib/auth/authContext';

/**
 * Guards the admin area (spec): anyone else, guests included, sees the toast 'You are not an
 * admin' and goes home. The server refuses their admin API calls all the same.
 */
export function RequireAdmin() {
  const { status, isAdmin } = useAuth();
  const refused = status !== 'loading' && !isAdmin;

  useEffect(() => {
    // The id keeps it to one toast when React runs the effect twice (development).
    if (refused) toast.error('You are not an admin', { id: 'not-an-admin' });
  }, [refused]);

  if (status === 'loading') {
    return (
      <>
        <NavigationProgress />
        <PageLoading />
      </>
    );
  }
  if (refused) return <Navigate to="/" replace />;
  return <Outlet />;
}
