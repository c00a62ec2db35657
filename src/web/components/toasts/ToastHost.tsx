import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastsAsked } from './toast';

// Sonner's code loads with the first toast (toast.ts), not with every page.
const loadToasterView = () => import('./ToasterView');
const ToasterView = lazy(loadToasterView);

const notOnServer = () => false;

/** Mounts the toaster once a toast is asked for. Mounted once, next to the alert dialog. */
export function ToastHost() {
  const asked = useSyncExternalStore(subscribeToToasts, toastsAsked, notOnServer);
  useLoadOnFirstForm();
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}

/**
 * A sent form (other than a search) is what most toasts answer: its code starts loading then,
 * while the server answers, so the toast shows with the answer rather than after another fetch
 * (on a slow phone, with the next page's own code).
 */
function useLoadOnFirstForm() {
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && event.target.getAttribute('role') === 'search')
        return;
      document.removeEventListener('submit', onSubmit, true);
      void loadToasterView();
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  }, []);
}
