import { Link } from 'react-router';
import { toast } from '#web/components/toasts/toast';
import { verificationMessages } from '#shared/accounts';
import { articleMessages } from '#shared/article-messages';
import { type CreateArticle } from '#shared/articles';
import { showAlert } from '#web/components/dialogs/alert';
import { ArticleForm, emptyArticle } from '#web/components/articles/form/ArticleForm';
import { PageHeading } from '#web/components/PageHeading';
import { VerifyEmailNotice } from '#web/components/VerifyEmailNotice';
import { useCreateArticle } from '#web/lib/api/articleMutations';
import { ApiError } from '#web/lib/api/client';
import { useAuth } from '#web/lib/auth/authContext';
import { atPostingLimit, showPostingLimitToast } from './postingLimit';
import { paths } from '#shared/paths';

const contactNote =
  'Your article will be reviewed by an editor before it is published. Questions? Contact the editors at editors@tribune.example.';

/** /addArticle: a new article, pending until an editor approves it. */
export function AddArticlePage() {
  const auth = useAuth();
  const create = useCreateArticle();
  const limited = atPostingLimit(auth);

  async function save(values: CreateArticle): Promise<boolean> {
    if (atPostingLimit(auth)) {
      showPostingLimitToast();
      return false;
    }
    if (auth.user && !auth.user.emailVerified) {
      // The server refuses it (email_unverified): said before the confirmation rather than
      // after it, and the form keeps what was written for when the address is confirmed.
      toast.error(verificationMessages.required);
      return false;
    }
    const confirmed = await showAlert({
      icon: 'question',
      title: articleMessages.addConfirm,
      confirmText: 'Confirm',
      cancelText: 'Exit',
      footer: contactNote,
    });
    if (!confirmed) return false;
    try {
      await create.mutateAsync(values);
    } catch (error) {
      // The server keeps the limit too (another tab may have posted meanwhile).
      if (error instanceof ApiError && error.code === 'forbidden') showPostingLimitToast();
      else if (error instanceof ApiError && error.code === 'email_unverified') {
        toast.error(verificationMessages.required);
      } else {
        toast.error(articleMessages.createFailed, {
          description: error instanceof Error ? error.message : undefined,
        });
      }
      return false;
    }
    toast.success(articleMessages.created);
    // The record's publishedArticles went up: read it again, so the limit applies at once.
    await auth.refresh().catch(() => null);
    return true;
  }

  return (
    <section className="max-w-3xl">
      <PageHeading>Add Article</PageHeading>
      <p className="mt-3 font-serif text-lg text-ink-muted">
        Write for Tribune. An editor reads every article before it is published.
      </p>
      <VerifyEmailNotice className="mt-6" />
      {limited && (
        <p className="mt-6 border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-sm">
          You have already posted your free article.{' '}
          <Link to={paths.subscription} className="font-semibold underline hover:text-accent">
            Subscribe
          </Link>{' '}
          to post more.
        </p>
      )}
      <div className="mt-8 border border-rule bg-surface p-5 sm:p-8">
        <ArticleForm
          defaultValues={emptyArticle}
          draftKey="new"
          imageLabel="Image"
          submitLabel="Add Article"
          onSubmit={save}
          clearOnSave
        />
      </div>
    </section>
  );
}
