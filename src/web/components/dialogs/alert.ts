/*
 * The site's message dialogs, in the manner of SweetAlert (the spec's 'Oops...' errors and,
 * later, its delete confirmations). showAlert() can be called from anywhere, even outside React
 * (a mutation's onError); the one <AlertHost /> in main.tsx shows the dialog.
 */

export type AlertIcon = 'error' | 'success' | 'warning' | 'question' | 'info';

export interface AlertOptions {
  icon?: AlertIcon;
  title: string;
  /** The message under the title. */
  text?: string;
  /** A smaller line under a rule at the bottom: the cause of an error, a contact note. */
  footer?: string;
  /** The confirm button's label; 'OK' unless given. */
  confirmText?: string;
  /** Shows a cancel button with this label (confirmations). */
  cancelText?: string;
}

export interface OpenAlert extends AlertOptions {
  id: number;
  /** What had focus when the first of a run of dialogs opened: it gets focus back at the end. */
  opener: Element | null;
}

interface Pending {
  alert: OpenAlert;
  resolve: (confirmed: boolean) => void;
}

let pending: Pending | null = null;
/**
 * The element outside any dialog that last had focus. A form's Submit is disabled while its
 * request runs, and a disabled button loses focus to <body>: the dialog that then tells how the
 * request went returns focus there, not to the top of the page. The next of a run of dialogs
 * (Cancelled after a confirmation) finds it too, as focus was in the dialog since.
 */
let lastFocused: Element | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof Element && !target.closest('[role="alertdialog"]')) lastFocused = target;
  });
}
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Shows a dialog and answers true when the user confirms, false when they cancel or dismiss it.
 * A new dialog replaces one that is still open (which then answers false).
 */
export function showAlert(options: AlertOptions): Promise<boolean> {
  // A dialog opened by the answer to a request or to the dialog before finds focus nowhere, or
  // still in the closing dialog: it returns focus to what had it last.
  const active = document.activeElement;
  const nowhere = !active || active === document.body || active.closest('[role="alertdialog"]');
  const opener = pending ? pending.alert.opener : nowhere ? lastFocused : active;
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { alert: { ...options, id: nextId++, opener }, resolve };
    emit();
  });
}

/** Closes the dialog `id` (if it is still the open one) with the user's answer. */
export function closeAlert(id: number, confirmed: boolean): void {
  if (pending?.alert.id !== id) return;
  pending.resolve(confirmed);
  pending = null;
  emit();
}

export function subscribeToAlerts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAlert(): OpenAlert | null {
  return pending?.alert ?? null;
}

/** The human-readable cause of a failure, for a dialog's text or footer. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong.';
}
