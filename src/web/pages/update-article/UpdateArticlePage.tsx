import { clsx } from 'clsx';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { Clock, MessageSquareWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '#web/components/toasts/toast';
import { articleMessages } from '#shared/article-messages';
import { type Article, type CreateArticle } from '#shared/articles';
import { revisionMessages, type ArticleRevision } from '#shared/revisions';
import { editGoesToReview } from '#shared/rules/moderation';
import { tags, type Tag } from '#shared/tags';
import { showAlert } from '#web/components/dialogs/alert';
import { ArticleForm } from '#web/components/articles/form/ArticleForm';
import { QueryLoadError } from '#web/components/LoadError';
import { PageHeading } from '#web/components/PageHeading';
import { buttonClass } from '#web/components/ui/button';
import { useArticleDetail } from '#web/lib/api/articleDetail';
import { useUpdateArticle } from '#web/lib/api/articleMutations';
import { ApiError } from '#web/lib/api/client';
import { useArticleRevision } from '#web/lib/api/revisions';
import { useAuth } from '#web/lib/auth/authContext';
import { formatDate } from '#web/lib/formatDate';
import { paths } from '#shared/paths';

/**
 * /updateArticle?id=…: the article is read by the id in the address, with its full text (lists
 * carry only the first sentences, so My Articles' row would not do). When the author's edit of
 * it already waits for an editor, the author's form starts from that edit; an admin's form edits
 * the published version.
 */
export function UpdateArticlePage() {
  const auth = useAuth();
  const id = useSearchParams()[0].get('id');
  const fetched = useArticleDetail(id ?? undefined);
  const article = fetched.data;
  const waiting = Boolean(article?.pendingRevision) && !auth.isAdmin;
  const revision = useArticleRevision(waiting ? article?._id : undefined);
  // Without the waiting edit (it was reviewed meanwhile), the form starts from the live text.
  const ready = article && (!waiting || !revision.isPending);

  return (
    <section className="max-w-3xl">
      <PageHeading>Update Article</PageHeading>
      <div className="mt-8">
        {ready ? (
          <UpdateForm article={article} revision={revision.data} />
        ) : !id ? (
          <Missing text="No article was chosen to update." />
        ) : fetched.isError && fetched.error instanceof ApiError && fetched.error.isClientError ? (
          <Missing text={fetched.error.message} />
        ) : fetched.isError ? (
          <QueryLoadError what="the article" query={fetched} />
        ) : (
          <div aria-hidden className="h-96 rounded-sm bg-ink/10 motion-safe:animate-pulse" />
        )}
      </div>
    </section>
  );
}

function UpdateForm({ article, revision }: { article: Article; revision?: ArticleRevision }) {
  const navigate = useNavigate();
  const update = useUpdateArticle();
  const auth = useAuth();
  // The server decides; this only says beforehand what saving will do.
  const forReview = editGoesToReview(article, auth);
  const content = revision ?? article;

  async function save(input: CreateArticle): Promise<boolean> {
    const confirmed = await showAlert({
      icon: 'question',
      title: articleMessages.updateConfirm,
      confirmText: 'Confirm',
      cancelText: 'Exit',
    });
    if (!confirmed) return false;
    let awaitingReview: boolean | undefined;
    try {
      const result = await update.mutateAsync({ article, input });
      awaitingReview = result.awaitingReview;
      if (result.modifiedCount === 0) {
        toast.error(articleMessages.notModified);
        return false;
      }
    } catch (error) {
      toast.error('The article could not be updated', {
        description: error instanceof Error ? error.message : undefined,
      });
      return false;
    }
    toast.success(
      articleMessages.updated,
      awaitingReview ? { description: revisionMessages.awaitingReview } : undefined,
    );
    await navigate(paths.myArticles);
    return true;
  }

  return (
    <div className="border border-rule bg-surface p-5 sm:p-8">
      {article.revisionMessage && (
        <Note tone="declined">
          An editor declined the last edit: “{article.revisionMessage}”. The published version is
          unchanged.
        </Note>
      )}
      {auth.isAdmin && article.pendingRevision ? (
        <Note>
          The author's edit of {formatDate(article.pendingRevision.submittedAt)} is waiting for
          review in All Articles. This form changes the published version directly.
        </Note>
      ) : revision ? (
        <Note>
          Your edit of {formatDate(revision.submittedAt)} is waiting for an editor, and the form
          shows it. Readers see the published version until it is approved; saving replaces the
          waiting edit.
        </Note>
      ) : (
        forReview && (
          <Note>
            This article is published. Your changes go live once an editor approves them; readers
            see the current version until then.
          </Note>
        )
      )}
      <ArticleForm
        defaultValues={{
          name: content.name,
          publisher: content.publisher,
          tags: content.tags.filter(isTag),
          body: content.body ?? plainTextToBody(content.description),
          image: content.image,
        }}
        draftKey={`article-${article._id}`}
        imageLabel="Image (optional: choose a new one to replace it)"
        submitLabel="Update Article"
        onSubmit={save}
      />
    </div>
  );
}

function Note({ tone = 'info', children }: { tone?: 'info' | 'declined'; children: ReactNode }) {
  return (
    <p
      className={clsx(
        'mb-6 flex gap-2 border-l-4 px-4 py-3 text-sm',
        tone === 'declined'
          ? 'border-accent bg-red-50 text-accent-strong'
          : 'border-sky-600 bg-sky-50 text-sky-950',
      )}
    >
      {tone === 'declined' ? (
        <MessageSquareWarning aria-hidden className="mt-0.5 size-4 shrink-0" />
      ) : (
        <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
      )}
      <span>{children}</span>
    </p>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <div className="border border-dashed border-rule px-6 py-10 text-center">
      <p className="font-serif text-lg text-ink-muted italic">{text}</p>
      <Link to={paths.myArticles} className={`${buttonClass()} mt-6`}>
        My Articles
      </Link>
    </div>
  );
}

function isTag(tag: string): tag is Tag {
  return (tags as readonly string[]).includes(tag);
}
