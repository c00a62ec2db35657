import { Check, Clock, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '#web/components/toasts/toast';
import type { RevisionQueueItem } from '#shared/revisions';
import { errorMessage } from '#web/components/dialogs/alert';
import { EmailAddress } from '#web/components/EmailAddress';
import { RevisionChanges } from '#web/components/revisions/RevisionChanges';
import { buttonClass } from '#web/components/ui/button';
import { useReviewRevision, type RevisionReview } from '#web/lib/api/revisions';
import { formatDate } from '#web/lib/formatDate';
import { DeclineDialog } from './DeclineDialog';

interface Props {
  item: RevisionQueueItem;
  onReviewed: () => void;
}

/**
 * One edit awaiting review: what it changes (the published fields beside the edited ones, the
 * text as a diff), and Approve edit / Decline edit.
 */
export function RevisionReviewCard({ item, onReviewed }: Props) {
  const { live, revision } = item;
  const review = useReviewRevision();
  const [declining, setDeclining] = useState(false);

  // Awaited rather than given callbacks: the queue is read again before the mutation settles,
  // and this card, now reviewed, is gone from it, which would drop a callback's toast.
  async function send(answer: RevisionReview, done: string) {
    try {
      await review.mutateAsync({ revision, review: answer });
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    toast.success(done);
    setDeclining(false);
    onReviewed();
  }

  return (
    // A region, not an article: the page's articles are the cards of the grid below.
    <section
      aria-label={`Edit of ${live.name}`}
      className="rounded-sm border border-violet-300 bg-surface p-4 sm:p-6"
    >
      <p className="inline-flex items-center gap-1 rounded-full bg-violet-100 px-2.5 py-1 text-xs font-semibold text-violet-900">
        <Clock aria-hidden className="size-3.5" />
        Edit awaiting review
      </p>
      <h3 className="mt-2 font-serif text-xl leading-snug font-bold">{live.name}</h3>
      <p className="mt-1 text-sm text-ink-muted">
        By {live.author.name} (<EmailAddress email={live.author.email} />) · edit sent{' '}
        <time dateTime={revision.submittedAt}>{formatDate(revision.submittedAt)}</time>
      </p>

      <div className="mt-5">
        <RevisionChanges live={live} revision={revision} headingLevel={4} />
      </div>

      <div className="mt-6 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={review.isPending}
          onClick={() => void send({ isApproved: true }, 'The edit is published')}
          className={buttonClass({ size: 'sm' })}
        >
          <Check aria-hidden className="size-3.5" />
          Approve edit
        </button>
        <button
          type="button"
          disabled={review.isPending}
          onClick={() => setDeclining(true)}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          <X aria-hidden className="size-3.5" />
          Decline edit
        </button>
      </div>
      {declining && (
        <DeclineDialog
          title="Decline edit"
          description={`Tell the author why their edit of “${live.name}” is not published. The published version stays.`}
          sending={review.isPending}
          onSend={(adminMessage) => void send({ adminMessage }, 'Successfully sent to author')}
          onClose={() => setDeclining(false)}
        />
      )}
    </section>
  );
}
