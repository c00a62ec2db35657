import { lazy, Suspense, useSyncExternalStore } from 'react';
import { closeAlert, currentAlert, subscribeToAlerts } from './alert';

// The dialog's code (Radix and its focus handling) loads with the first dialog, not with every page.
const AlertDialogView = lazy(() => import('./AlertDialogView'));

const noAlert = () => null;

/** Shows the dialog asked for with showAlert(). Mounted once, next to the toaster. */
export function AlertHost() {
  // No dialog is ever open in the server's HTML.
  const alert = useSyncExternalStore(subscribeToAlerts, currentAlert, noAlert);
  if (!alert) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialogView
        key={alert.id}
        alert={alert}
        onClose={(confirmed) => closeAlert(alert.id, confirmed)}
      />
    </Suspense>
  );
}
