import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { Article } from '#shared/articles';
import { LoadError } from '../../components/LoadError';
import { RevisionChanges } from '../../components/revisions/RevisionChanges';
import { buttonClass } from '../../components/ui/button';
import { useArticleDetail } from '../../lib/api/articleDetail';
import { useArticleRevision } from '../../lib/api/revisions';
import { returnFocus } from '../../lib/focus';

interface Props {
  /** The author's published article with an edit waiting (My Articles' row). */
  article: Article;
  onClose: () => void;
}

/**
 * The author's edit awaiting review, as the editors see it: the published article beside the
 * edit, the text as a diff. Its own chunk with the diff's code (jsdiff), loaded on first opening.
 */
export default function PendingEditDialog({ article, onClose }: Props) {
  const revision = useArticleRevision(article._id);
  const live = useArticleDetail(article._id);
  // The button that opened the dialog (it has no Radix trigger), to give focus back to.
  const [opener] = useState(() => document.activeElement);
  const failed = revision.error ?? live.error;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(opener);
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-5xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-md bg-surface p-4 shadow-2xl focus:outline-none sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-serif text-2xl leading-snug font-bold">
              Your edit of “{article.name}”
            </Dialog.Title>
            <Dialog.Close className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <X aria-hidden className="size-3.5" />
              Close
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-ink-muted">
            Readers see the published version until an editor approves your edit. Words you added
            are underlined, words you removed struck through.
          </Dialog.Description>
          <div className="mt-5">
            {revision.data && live.data ? (
              <RevisionChanges live={live.data} revision={revision.data} headingLevel={3} />
            ) : failed ? (
              <LoadError
                what="your edit"
                error={failed}
                retrying={revision.isFetching || live.isFetching}
                onRetry={() => void Promise.all([revision.refetch(), live.refetch()])}
              />
            ) : (
              <>
                <div aria-hidden className="h-48 rounded-sm bg-ink/10 motion-safe:animate-pulse" />
                <p role="status" className="sr-only">
                  Loading your edit…
                </p>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
