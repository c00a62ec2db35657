import { Dialog } from 'radix-ui';
import type { FormEvent, ReactNode } from 'react';
import { buttonClass } from '#web/components/ui/button';
import { ModalDialog } from '#web/components/ui/ModalDialog';

interface Props {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  busy?: boolean;
  /** Buttons beside Cancel and the submit button (Remove link). */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * A small modal form over the editor: the link and image dialogs. Radix traps focus in it and,
 * on closing, gives focus back to what had it (the editor, or the toolbar button), whose
 * selection ProseMirror keeps.
 */
export function EditorDialog({
  title,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  extra,
  children,
}: Props) {
  function submit(event: FormEvent) {
    // The dialog sits inside the article's form in the page: its submit must not send that.
    event.preventDefault();
    event.stopPropagation();
    onSubmit();
  }
  return (
    <ModalDialog onClose={onClose} busy={busy} described={false}>
      <Dialog.Title className="font-serif text-2xl font-bold text-ink">{title}</Dialog.Title>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        {children}
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          {extra}
          <Dialog.Close
            type="button"
            disabled={busy}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Cancel
          </Dialog.Close>
          <button type="submit" disabled={busy} className={buttonClass({ size: 'sm' })}>
            {submitLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
