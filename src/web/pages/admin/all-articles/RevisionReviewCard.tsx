import { ArticleImage } from '../../../components/articles/ArticleImage';
import { Check, Clock, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../components/toasts/toast';
import {
  changedFields,
  revisionFields,
  type ArticleRevision,
  type RevisionField,
  type RevisionQueueItem,
} from '#shared/revisions';
import { errorMessage } from '../../../components/dialogs/alert';
import { EmailAddress } from '../../../components/EmailAddress';
import { buttonClass } from '../../../components/ui/button';
import { useReviewRevision, type RevisionReview } from '../../../lib/api/revisions';
import { formatDate } from '../../../lib/formatDate';
import { DeclineDialog } from './DeclineDialog';

const fieldLabels: Record<RevisionField, string> = {
  name: 'Title',
  publisher: 'Publisher',
  tags: 'Tags',
  image: 'Image',
  description: 'Description',
};

interface Props {
  item: RevisionQueueItem;
  onReviewed: () => void;
}

/**
 * One edit awaiting review: the fields it changes, the published value beside the edited one
 * (one above the other on a narrow screen), and Approve edit / Decline edit.
 */
export function RevisionReviewCard({ item, onReviewed }: Props) {
  const { live, revision } = item;
  const review = useReviewRevision();
  const [declining, setDeclining] = useState(false);
  const changed = changedFields(live, revision);
  const unchanged = revisionFields.filter((field) => !changed.includes(field));

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

      <div className="mt-5 space-y-5">
        {changed.map((field) => (
          <div key={field} role="group" aria-label={`${fieldLabels[field]} changed`}>
            <h4 className="text-xs font-semibold tracking-widest text-ink-muted uppercase">
              {fieldLabels[field]}
            </h4>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <Version label="Published" field={field} content={live} />
              <Version label="Edit" field={field} content={revision} />
            </div>
          </div>
        ))}
      </div>
      {unchanged.length > 0 && (
        <p className="mt-4 text-sm text-ink-muted">
          Unchanged: {unchanged.map((field) => fieldLabels[field]).join(', ')}
        </p>
      )}

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

/** One side of a changed field: the published value or the edited one. */
function Version({
  label,
  field,
  content,
}: {
  label: 'Published' | 'Edit';
  field: RevisionField;
  content: Pick<ArticleRevision, RevisionField | 'imageSrcset'>;
}) {
  return (
    <div
      className={
        label === 'Edit'
          ? 'border-l-4 border-violet-400 bg-violet-50 px-3 py-2'
          : 'border-l-4 border-rule bg-paper px-3 py-2'
      }
    >
      <p className="text-xs font-semibold text-ink-muted">{label}</p>
      {field === 'image' ? (
        <ArticleImage
          src={content.image}
          srcSet={content.imageSrcset}
          sizes="20rem"
          // The queue heads the page: its pictures are above the fold.
          priority="auto"
          alt={`${label} image`}
          width={320}
          height={180}
          className="mt-1 aspect-video w-full max-w-xs object-cover"
        />
      ) : field === 'description' ? (
        <div
          tabIndex={0}
          aria-label={`${label} description`}
          className="mt-1 max-h-72 overflow-y-auto font-serif text-sm leading-relaxed whitespace-pre-line"
        >
          {content.description}
        </div>
      ) : (
        <p className="mt-1 font-serif">
          {field === 'tags' ? content.tags.join(', ') : content[field]}
        </p>
      )}
    </div>
  );
}
