import { PenLine } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { QueryLoadError } from '#web/components/LoadError';
import { Pager } from '#web/components/pager/Pager';
import { PageHeading } from '#web/components/PageHeading';
import { buttonClass } from '#web/components/ui/button';
import { useDeleteArticle } from '#web/lib/api/articleMutations';
import { useArticles } from '#web/lib/api/articles';
import { useAuth } from '#web/lib/auth/authContext';
import { pageParam, withPage } from '#web/lib/pageParam';
import { deleteWithConfirm } from '#web/components/articles/deleteWithConfirm';
import { MyArticlesTable } from './MyArticlesTable';
import { pageSizes } from '#shared/rules/limits';
import { paths } from '#shared/paths';

const pageSize = pageSizes.myArticles;

/** The signed-in author's own articles, every status, with Details, Update and Delete. */
export function MyArticlesPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const page = pageParam(params);
  // The sign-in guard renders this page for signed-in users only.
  const email = auth.user?.email ?? '';
  const query = useArticles({ email, page, limit: pageSize });
  const remove = useDeleteArticle();

  return (
    <section>
      <PageHeading>My Articles</PageHeading>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <p className="font-serif text-lg text-ink-muted">
          Your articles and where they stand with the editors.
        </p>
        <Link to={paths.addArticle} className={buttonClass()}>
          <PenLine aria-hidden className="size-4" />
          Add Article
        </Link>
      </div>
      <div className="mt-8">
        {query.data ? (
          query.data.articles.length === 0 ? (
            <p className="border border-dashed border-rule px-6 py-10 text-center font-serif text-lg text-ink-muted italic">
              You have not written any articles yet.{' '}
              <Link to={paths.addArticle} className="font-semibold text-ink not-italic underline">
                Write your first one
              </Link>
              .
            </p>
          ) : (
            <>
              <MyArticlesTable
                articles={query.data.articles}
                firstNumber={(page - 1) * pageSize + 1}
                deletingId={remove.isPending ? remove.variables : undefined}
                onDelete={(article) =>
                  void deleteWithConfirm('Are You sure?', () => remove.mutateAsync(article._id))
                }
              />
              <Pager
                page={page}
                pageCount={Math.ceil(query.data.total / pageSize)}
                hrefFor={(target) => withPage(params, target)}
              />
            </>
          )
        ) : query.isError ? (
          <QueryLoadError what="your articles" query={query} />
        ) : (
          <div aria-hidden className="h-64 rounded-sm bg-ink/10 motion-safe:animate-pulse" />
        )}
        {query.isPending && (
          <p role="status" className="sr-only">
            Loading your articles…
          </p>
        )}
      </div>
    </section>
  );
}
