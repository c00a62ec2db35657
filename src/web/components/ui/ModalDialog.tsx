import { clsx } from 'clsx';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { returnFocus } from '#web/lib/focus';

const widths = { form: 'max-w-md p-6', wide: 'max-w-5xl p-4 sm:p-6' } as const;

interface Props {
  onClose: () => void;
  /** While busy, Escape and the overlay do not close it. */
  busy?: boolean;
  /** A form's width, or wide enough for two versions side by side. */
  width?: keyof typeof widths;
  /**
   * Opened from code, with no Radix trigger: on closing, focus goes back to what had it when
   * the dialog opened. Otherwise Radix gives it back to the element that had it.
   */
  returnFocusToOpener?: boolean;
  /** False for a dialog with no Dialog.Description (its title says it all). */
  described?: boolean;
  /** The Dialog.Title, a Dialog.Description if described, and the body. */
  children: ReactNode;
}

/** The site's modal: an overlay and a centred panel, focus kept in it while open (Radix). */
export function ModalDialog({
  onClose,
  busy = false,
  width = 'form',
  returnFocusToOpener = false,
  described = true,
  children,
}: Props) {
  const [opener] = useState(() => (returnFocusToOpener ? document.activeElement : null));
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          {...(described ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (!returnFocusToOpener) return;
            event.preventDefault();
            returnFocus(opener);
          }}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-md bg-surface shadow-2xl focus:outline-none',
            widths[width],
          )}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
