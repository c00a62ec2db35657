import { useSearchParams } from 'react-router';
import { ArticleResults } from '../../components/articles/ArticleResults';
import { PageHeading } from '../../components/PageHeading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useArticles } from '../../lib/api/articles';
import { pageParam, withPage } from '../../lib/pageParam';

const pageSize = 12;

/** The approved premium articles; readers without premium see them locked, as everywhere. */
export function PremiumArticlesPage() {
  usePageTitle('Premium Articles');
  const [params] = useSearchParams();
  const page = pageParam(params);
  const query = useArticles({ isPremium: true, isApproved: true, page, limit: pageSize });

  return (
    <section>
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
