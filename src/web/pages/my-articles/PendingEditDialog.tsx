import { Dialog } from 'radix-ui';
import type { Article } from '#shared/articles';
import { LoadError } from '#web/components/LoadError';
import { RevisionChanges } from '#web/components/revisions/RevisionChanges';
import { DialogTitleBar } from '#web/components/ui/DialogTitleBar';
import { ModalDialog } from '#web/components/ui/ModalDialog';
import { useArticleDetail } from '#web/lib/api/articleDetail';
import { useArticleRevision } from '#web/lib/api/revisions';

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
  const failed = revision.error ?? live.error;

  return (
    <ModalDialog onClose={onClose} width="wide" returnFocusToOpener>
      <DialogTitleBar>Your edit of “{article.name}”</DialogTitleBar>
      <Dialog.Description className="mt-1 text-sm text-ink-muted">
        Readers see the published version until an editor approves your edit. Words you added are
        underlined, words you removed struck through.
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
    </ModalDialog>
  );
}
