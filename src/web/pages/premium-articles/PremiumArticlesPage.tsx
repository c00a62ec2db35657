import { useSearchParams } from 'react-router';
import { ArticleResults } from '#web/components/articles/ArticleResults';
import { PageHeading } from '#web/components/PageHeading';
import { PageHead } from '#web/head/PageHead';
import { useArticles } from '#web/lib/api/articles';
import { withPage } from '#web/lib/pageParam';
import { pageSize, premiumList } from './premiumList';

/** The approved premium articles; readers without premium see them locked, as everywhere. */
export function PremiumArticlesPage() {
  const [params] = useSearchParams();
  const { page, list } = premiumList(params);
  const query = useArticles(list);

  return (
    <section>
      {/* Signed-in readers only: not for search engines. */}
      <PageHead title="Premium Articles" noindex />
      <PageHeading>Premium Articles</PageHeading>
      <p className="mt-3 mb-8 font-serif text-lg text-ink-muted">
        In-depth reporting for our subscribers.
      </p>
      <ArticleResults
        query={query}
        page={page}
        pageSize={pageSize}
        hrefFor={(target) => withPage(params, target)}
        emptyMessage="No premium articles yet."
      />
    </section>
  );
}
