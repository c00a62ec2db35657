import type { ExternalToast } from 'sonner';

/*
 * Toasts through sonner, loaded when a form is first sent (ToastHost) or with the first toast
 * rather than with every page's first script: most readers never see one, and its 9 KB (gzip)
 * would otherwise delay every page's start. ToastHost mounts sonner's Toaster once a toast is
 * asked for; sonner shows the toasts made before its Toaster subscribed, so none is lost.
 */

let asked = false;
const listeners = new Set<() => void>();

/** For ToastHost (useSyncExternalStore): whether any toast has been asked for yet. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toastsAsked = () => asked;

function show(kind: 'success' | 'error', message: string, options?: ExternalToast): void {
  if (!asked) {
    asked = true;
    for (const listener of listeners) listener();
  }
  void import('sonner').then(({ toast }) => toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
};
