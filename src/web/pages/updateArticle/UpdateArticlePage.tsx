import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { articleMessages, type Article, type CreateArticle } from '../../../shared/articles.js';
import { tags, type Tag } from '../../../shared/tags.js';
import { showAlert } from '../../components/dialogs/alert';
import { ArticleForm } from '../../components/articles/form/ArticleForm';
import { LoadError } from '../../components/LoadError';
import { PageHeading } from '../../components/PageHeading';
import { buttonClass } from '../../components/ui/button';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useArticleDetail } from '../../lib/api/articleDetail';
import { useUpdateArticle } from '../../lib/api/articleMutations';
import { ApiError } from '../../lib/api/client';

/**
 * /updateArticle?id=…: the article is read by the id in the address, with its full text (lists
 * carry only the first sentences, so My Articles' row would not do).
 */
export function UpdateArticlePage() {
  usePageTitle('Update Article');
  const id = useSearchParams()[0].get('id');
  const fetched = useArticleDetail(id ?? undefined);
  const article = fetched.data;

  return (
    <section className="max-w-3xl">
      <PageHeading>Update Article</PageHeading>
      <div className="mt-8">
        {article ? (
          <UpdateForm article={article} />
        ) : !id ? (
          <Missing text="No article was chosen to update." />
        ) : fetched.isError && fetched.error instanceof ApiError && fetched.error.isClientError ? (
          <Missing text={fetched.error.message} />
        ) : fetched.isError ? (
          <LoadError
            what="the article"
            error={fetched.error}
            retrying={fetched.isFetching}
            onRetry={() => void fetched.refetch()}
          />
        ) : (
          <div aria-hidden className="h-96 rounded-sm bg-ink/10 motion-safe:animate-pulse" />
        )}
      </div>
    </section>
  );
}

function UpdateForm({ article }: { article: Article }) {
  const navigate = useNavigate();
  const update = useUpdateArticle();

  async function save(input: CreateArticle): Promise<boolean> {
    const confirmed = await showAlert({
      icon: 'question',
      title: articleMessages.updateConfirm,
      confirmText: 'Confirm',
      cancelText: 'Exit',
    });
    if (!confirmed) return false;
    try {
      const { modifiedCount } = await update.mutateAsync({ article, input });
      if (modifiedCount === 0) {
        toast.error(articleMessages.notModified);
        return false;
      }
    } catch (error) {
      toast.error('The article could not be updated', {
        description: error instanceof Error ? error.message : undefined,
      });
      return false;
    }
    toast.success(articleMessages.updated);
    await navigate('/myarticles');
    return true;
  }

  return (
    <div className="border border-rule bg-surface p-5 sm:p-8">
      <ArticleForm
        defaultValues={{
          name: article.name,
          publisher: article.publisher,
          tags: article.tags.filter(isTag),
          description: article.description,
          image: article.image,
        }}
        imageLabel="Image (optional: choose a new one to replace it)"
        submitLabel="Update Article"
        onSubmit={save}
      />
    </div>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <div className="border border-dashed border-rule px-6 py-10 text-center">
      <p className="font-serif text-lg text-ink-muted italic">{text}</p>
      <Link to="/myarticles" className={`${buttonClass()} mt-6`}>
        My Articles
      </Link>
    </div>
  );
}

function isTag(tag: string): tag is Tag {
  return (tags as readonly string[]).includes(tag);
}
