import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Article } from '../../../../shared/articles.js';
import { errorMessage } from '../../../components/dialogs/alert';
import { inputClass } from '../../../components/form/FieldFrame';
import { buttonClass } from '../../../components/ui/button';
import { useModerateArticle } from '../../../lib/api/admin';
import { ApiError } from '../../../lib/api/client';

interface Props {
  article: Article;
  onClose: () => void;
}

/** Asks for the reason to send the author, prefilled with the one sent before (spec). */
export function DeclineDialog({ article, onClose }: Props) {
  const [message, setMessage] = useState(article.adminMessage ?? '');
  const moderate = useModerateArticle();

  function send(event: FormEvent) {
    event.preventDefault();
    moderate.mutate(
      { article, change: { adminMessage: message } },
      {
        onSuccess: () => {
          toast.success('Successfully sent to author');
          onClose();
        },
        onError: (error) =>
          // 409: the article was approved already, and an approval is not taken back.
          error instanceof ApiError && error.status === 409
            ? toast.error('You have already Approved this article')
            : toast.error('Request failed', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-md bg-surface p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="font-serif text-2xl font-bold">Decline article</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-muted">
            Tell the author of “{article.name}” why it cannot be published.
          </Dialog.Description>
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
              <button type="submit" disabled={moderate.isPending} className={buttonClass()}>
                {moderate.isPending ? 'Sending…' : 'Send to Author'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
