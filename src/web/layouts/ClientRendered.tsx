import { Outlet } from 'react-router';
import { PageLoading } from '#web/components/PageLoading';
import { useHydrated } from '#web/hooks/useHydrated';
import { PrivateHead } from './PrivateHead';

/**
 * A signed-in reader's own pages (forms, payment, their articles) are drawn by the browser: the
 * server's HTML holds their title and a placeholder, which the page replaces once the app has
 * hydrated. Nothing of them is shared or cached.
 */
export function ClientRendered() {
  const hydrated = useHydrated();
  return (
    <>
      <PrivateHead />
      {hydrated ? <Outlet /> : <PageLoading />}
    </>
  );
}
