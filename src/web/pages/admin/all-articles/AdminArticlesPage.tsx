import { QueryLoadError } from '#web/components/LoadError';
import { PageHeading } from '#web/components/PageHeading';
import { useArticles } from '#web/lib/api/articles';
import { Pager } from '#web/components/pager/Pager';
import { usePageInUrl } from '#web/pages/admin/usePageInUrl';
import { cardImagePriority } from '#web/components/articles/ArticleImage';
import { AdminArticleCard } from './AdminArticleCard';
import { RevisionQueue } from './RevisionQueue';
import { pageSizes } from '#shared/rules/limits';

const pageSize = pageSizes.admin;

/** Every article in every state, newest first, three a page, each with the editors' actions. */
export function AdminArticlesPage() {
  const [page, setPage] = usePageInUrl();
  // No status filter: for an admin the server lists pending and declined articles too.
  const query = useArticles({ page, limit: pageSize });
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / pageSize));

  return (
    <section>
      <PageHeading>All Articles</PageHeading>
      <div className="mt-8">
        <RevisionQueue />
        {query.isPending ? (
          <LoadingCard />
        ) : query.isError ? (
          <QueryLoadError what="the articles" query={query} />
        ) : query.data.articles.length === 0 ? (
          <p className="font-serif text-lg text-ink-muted italic">No articles yet.</p>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {query.data.articles.map((article, index) => (
                <li key={article._id}>
                  <AdminArticleCard article={article} imagePriority={cardImagePriority(index)} />
                </li>
              ))}
            </ul>
            <Pager steps="arrows" page={page} pageCount={pageCount} onPage={setPage} />
          </>
        )}
      </div>
    </section>
  );
}

function LoadingCard() {
  return (
    <div
      role="status"
      aria-label="Loading articles"
      className="max-w-sm animate-pulse rounded-sm border border-rule bg-surface p-4"
    >
      <div className="aspect-[4/3] bg-rule" />
      <div className="mt-4 h-5 w-3/4 bg-rule" />
      <div className="mt-3 h-4 w-1/2 bg-rule" />
      <div className="mt-3 h-4 w-2/3 bg-rule" />
    </div>
  );
}
