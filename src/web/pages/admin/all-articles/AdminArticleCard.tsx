import { ArticleImage, type ImagePriority } from '#web/components/articles/ArticleImage';
import { clsx } from 'clsx';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { toast } from '#web/components/toasts/toast';
import { articleStatus, type Article } from '#shared/articles';
import { isDeclined } from '#shared/rules/moderation';
import { Avatar, authorPerson } from '#web/components/Avatar';
import { errorMessage } from '#web/components/dialogs/alert';
import { EmailAddress } from '#web/components/EmailAddress';
import { buttonClass } from '#web/components/ui/button';
import type { Moderation } from '#shared/api/moderation';
import { useModerateArticle } from '#web/lib/api/admin';
import { ApiError } from '#web/lib/api/client';
import { useDeleteArticle } from '#web/lib/api/articleMutations';
import { formatDate } from '#web/lib/formatDate';
import { deleteWithConfirm } from '#web/components/articles/deleteWithConfirm';
import { ArticleFigures } from './ArticleFigures';
import { DeclineDialog } from './DeclineDialog';
import { revisionQueueId } from './RevisionQueue';
import { sendAsNewsletter } from './sendAsNewsletter';

/** One article with its facts and the editors' buttons: Approve, Decline, Delete, Make Premium. */
/** The admin grid: one, two or three columns beside the admin menu. */
const adminCardImageSizes = '(min-width: 80rem) 33vw, (min-width: 40rem) 50vw, 100vw';

export function AdminArticleCard({
  article,
  imagePriority,
}: {
  article: Article;
  /** How soon the picture loads: the first row's are above the fold. */
  imagePriority: ImagePriority;
}) {
  const moderate = useModerateArticle();
  const remove = useDeleteArticle();
  const [declining, setDeclining] = useState(false);
  // A declined article must be reconsidered by its author before it can be approved.
  const declined = isDeclined(article);

  function apply(change: Moderation, done: string) {
    moderate.mutate(
      { article, change },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  function decline(adminMessage: string) {
    moderate.mutate(
      { article, change: { adminMessage } },
      {
        onSuccess: () => {
          toast.success('Successfully sent to author');
          setDeclining(false);
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
    <article
      aria-label={article.name}
      className="flex h-full flex-col overflow-hidden rounded-sm border border-rule bg-surface"
    >
      <ArticleImage
        src={article.image}
        srcSet={article.imageSrcset}
        sizes={adminCardImageSizes}
        priority={imagePriority}
        alt=""
        width={640}
        height={480}
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="font-serif text-xl leading-snug font-bold">{article.name}</h2>
        {article.pendingRevision && (
          <a
            href={`#${revisionQueueId}`}
            className="inline-flex items-center gap-1 self-start rounded-full bg-violet-100 px-2.5 py-1 text-xs font-semibold text-violet-900 hover:underline"
          >
            <Clock aria-hidden className="size-3.5" />
            Edit awaiting review
          </a>
        )}
        <div className="flex items-center gap-3">
          <Avatar person={authorPerson(article.author)} sizes="40px" className="size-10 text-sm" />
          <div className="min-w-0 text-sm">
            <p className="truncate font-semibold">{article.author.name}</p>
            <p className="text-ink-muted">
              <EmailAddress email={article.author.email} />
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">Posted Date</dt>
          <dd>{formatDate(article.createdAt)}</dd>
          <dt className="font-semibold">Status</dt>
          <dd>{articleStatus(article)}</dd>
          <dt className="font-semibold">Publisher</dt>
          <dd>{article.publisher}</dd>
        </dl>
        <ArticleFigures articleId={article._id} />
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <button
            type="button"
            disabled={declined || moderate.isPending}
            onClick={() => apply({ isApproved: true }, 'Article approved')}
            className={buttonClass({ size: 'sm' })}
          >
            Approve
          </button>
          <button
            type="button"
            onClick={() => setDeclining(true)}
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Decline
          </button>
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() =>
              void deleteWithConfirm('Are you sure?', () => remove.mutateAsync(article._id))
            }
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
          >
            Delete
          </button>
          <button
            type="button"
            disabled={declined || moderate.isPending}
            onClick={() => apply({ isPremium: true }, 'The article is premium now')}
            className={buttonClass({ size: 'sm' })}
          >
            Make Premium
          </button>
          {article.isApproved && (
            <button
              type="button"
              onClick={() => void sendAsNewsletter(article)}
              className={clsx(buttonClass({ variant: 'secondary', size: 'sm' }), 'col-span-2')}
            >
              Send as newsletter
            </button>
          )}
        </div>
      </div>
      {declining && (
        <DeclineDialog
          title="Decline article"
          description={`Tell the author of “${article.name}” why it cannot be published.`}
          initialMessage={article.adminMessage ?? undefined}
          sending={moderate.isPending}
          onSend={decline}
          onClose={() => setDeclining(false)}
        />
      )}
    </article>
  );
}
