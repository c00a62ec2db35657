import { Clock, FileDiff, MessageSquareWarning } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { articleStatus, type Article } from '#shared/articles';
import { showAlert } from '#web/components/dialogs/alert';
import { buttonClass } from '#web/components/ui/button';
import { formatDate } from '#web/lib/formatDate';

// The diff's code (jsdiff) loads when an author first opens their edit, not with the page.
const PendingEditDialog = lazy(() => import('./PendingEditDialog'));

// On a phone the badge may wrap (My Articles' cards leave it a third of the width).
const badgeClass =
  'inline-flex rounded-2xl px-2.5 py-1 text-xs font-semibold md:rounded-full md:whitespace-nowrap';

const statusColours = {
  'Approved & Premium': 'bg-amber-100 text-amber-900',
  'Approved & Non-Premium': 'bg-emerald-100 text-emerald-900',
  Pending: 'bg-sky-100 text-sky-900',
} as const;

const declinedClass = `${badgeClass} items-center gap-1 bg-red-100 text-accent-strong underline-offset-2 hover:underline`;

/**
 * The article's status in words; a declined one is a button that shows the editor's reason.
 * Below it, where the author's edit of the published article stands: waiting for an editor (with
 * See changes, which shows the edit as the editors see it), or declined (a button with the
 * reason; the published version stayed).
 */
export function StatusCell({ article }: { article: Article }) {
  const status = articleStatus(article);
  return (
    <div className="flex flex-col items-start gap-1.5">
      {status === 'Declined' ? (
        <ReasonButton
          label="Declined"
          reason={article.adminMessage ?? ''}
          footer="The message from the editors about this article."
        />
      ) : (
        <span className={`${badgeClass} ${statusColours[status]}`}>{status}</span>
      )}
      {article.pendingRevision ? (
        <>
          <span
            title={`Sent ${formatDate(article.pendingRevision.submittedAt)}; readers see the published version until an editor approves it.`}
            className={`${badgeClass} items-center gap-1 bg-violet-100 text-violet-900`}
          >
            <Clock aria-hidden className="size-3.5" />
            Edit awaiting review
          </span>
          <SeeChanges article={article} />
        </>
      ) : (
        article.revisionMessage && (
          <ReasonButton
            label="Edit declined"
            reason={article.revisionMessage}
            footer="The editors kept the published version. Update the article to try again."
          />
        )
      )}
    </div>
  );
}

/** Opens the author's edit awaiting review beside the published article. */
function SeeChanges({ article }: { article: Article }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
      >
        <FileDiff aria-hidden className="size-3.5" />
        See changes
      </button>
      {open && (
        <Suspense fallback={null}>
          <PendingEditDialog article={article} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** A declined badge that opens the editors' reason. */
function ReasonButton({
  label,
  reason,
  footer,
}: {
  label: string;
  reason: string;
  footer: string;
}) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={() => void showAlert({ icon: 'info', title: label, text: reason, footer })}
      className={declinedClass}
    >
      <MessageSquareWarning aria-hidden className="size-3.5" />
      {label}
    </button>
  );
}
