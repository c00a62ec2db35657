import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, CircleQuestionMark, CircleX, Info } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useId, useRef } from 'react';
import { buttonClass } from '#web/components/ui/button';
import { returnFocus } from '#web/lib/focus';
import { currentAlert, type AlertIcon, type OpenAlert } from './alert';

const icons: Record<AlertIcon, { Icon: typeof CircleX; className: string; label: string }> = {
  error: { Icon: CircleX, className: 'text-accent', label: 'Error' },
  success: { Icon: CircleCheck, className: 'text-emerald-700', label: 'Success' },
  warning: { Icon: CircleAlert, className: 'text-amber-600', label: 'Warning' },
  question: { Icon: CircleQuestionMark, className: 'text-sky-700', label: 'Question' },
  info: { Icon: Info, className: 'text-sky-700', label: 'Information' },
};

interface Props {
  alert: OpenAlert;
  onClose: (confirmed: boolean) => void;
}

/** A centred dialog: big icon, title, text, an optional footer line, then the buttons. */
export default function AlertDialogView({ alert, onClose }: Props) {
  const icon = alert.icon ? icons[alert.icon] : null;
  const footerId = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <AlertDialog.Content
          // Radix adds the description's id: screen readers announce the text and the footer.
          aria-describedby={alert.footer ? footerId : undefined}
          // No trigger to return to (dialogs open from code): back to what had focus, unless
          // the next dialog has opened meanwhile.
          // Radix focuses the Cancel button; a dialog without one (a notice) focuses its OK,
          // rather than nothing.
          onOpenAutoFocus={(event) => {
            if (alert.cancelText) return;
            event.preventDefault();
            confirm.current?.focus({ preventScroll: true });
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!currentAlert()) returnFocus(alert.opener);
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-md bg-surface px-6 pt-8 pb-6 text-center shadow-2xl focus:outline-none"
        >
          {icon && (
            <icon.Icon
              role="img"
              aria-label={icon.label}
              strokeWidth={1.5}
              className={clsx('mx-auto size-20', icon.className)}
            />
          )}
          <AlertDialog.Title className="mt-4 font-serif text-3xl font-bold text-ink">
            {alert.title}
          </AlertDialog.Title>
          {alert.text && (
            <AlertDialog.Description className="mt-3 text-lg text-ink-muted">
              {alert.text}
            </AlertDialog.Description>
          )}
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {alert.cancelText && (
              <AlertDialog.Cancel className={buttonClass({ variant: 'secondary' })}>
                {alert.cancelText}
              </AlertDialog.Cancel>
            )}
            <AlertDialog.Action
              ref={confirm}
              className={buttonClass()}
              onClick={() => onClose(true)}
            >
              {alert.confirmText ?? 'OK'}
            </AlertDialog.Action>
          </div>
          {alert.footer && (
            <p id={footerId} className="mt-6 border-t border-rule pt-4 text-sm text-ink-muted">
              {alert.footer}
            </p>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
