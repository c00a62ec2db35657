import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { inputClass } from '#web/components/form/FieldFrame';
import { buttonClass } from '#web/components/ui/button';
import { ModalDialog } from '#web/components/ui/ModalDialog';

interface Props {
  /** 'Decline article', or 'Decline edit' for an author's edit of a published article. */
  title: string;
  /** Whose work, and what declining it means. */
  description: string;
  /** The reason sent before, if any (spec: the dialog is prefilled with it). */
  initialMessage?: string;
  sending: boolean;
  onSend: (message: string) => void;
  onClose: () => void;
}

/** Asks the editor for the reason to send the author, with Send to Author and Cancel. */
export function DeclineDialog({
  title,
  description,
  initialMessage = '',
  sending,
  onSend,
  onClose,
}: Props) {
  const [message, setMessage] = useState(initialMessage);

  function send(event: FormEvent) {
    event.preventDefault();
    onSend(message);
  }

  return (
    <ModalDialog onClose={onClose} returnFocusToOpener>
      <Dialog.Title className="font-serif text-2xl font-bold">{title}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-ink-muted">{description}</Dialog.Description>
      <form onSubmit={send} className="mt-4 space-y-4">
        <label className="block text-sm font-semibold">
          Message to the author
          <input
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            className={`${inputClass} mt-1`}
          />
        </label>
        <div className="flex justify-end gap-2">
          <Dialog.Close className={buttonClass({ variant: 'secondary' })}>Cancel</Dialog.Close>
          <button type="submit" disabled={sending} className={buttonClass()}>
            {sending ? 'Sending…' : 'Send to Author'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
