import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastsAsked } from './toast';

// Sonner's code loads with the first toast (toast.ts), not with every page.
const ToasterView = lazy(() => import('./ToasterView'));

const notOnServer = () => false;

/** Mounts the toaster once a toast is asked for. Mounted once, next to the alert dialog. */
export function ToastHost() {
  const asked = useSyncExternalStore(subscribeToToasts, toastsAsked, notOnServer);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
