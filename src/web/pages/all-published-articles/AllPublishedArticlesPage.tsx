import { useSearchParams } from 'react-router';
import { ArticleResults } from '#web/components/articles/ArticleResults';
import { PageHeading } from '#web/components/PageHeading';
import { PageHead } from '#web/head/PageHead';
import { isPastTheEnd, useArticles } from '#web/lib/api/articles';
import { withPage } from '#web/lib/pageParam';
import { SearchForm, type ArticleSearch } from './SearchForm';
import { allArticlesSearch, canonicalPath, pageSize } from './search';

const lede = 'Every story our editors have approved, newest first.';

/**
 * Approved articles, searchable by title, publisher and tags. The search and the page live in
 * the address (?title=&publisher=&tags=&page=), so a reload or a shared link shows the same,
 * and the server renders any of them (entry-server.tsx reads the same list).
 */
export function AllPublishedArticlesPage() {
  const [params, setParams] = useSearchParams();
  const { search, page, list } = allArticlesSearch(params);
  const query = useArticles(list);

  function runSearch(next: ArticleSearch) {
    // A new search starts on its first page; empty fields stay out of the address.
    const entries = Object.entries(next).filter(([, value]) => value !== '');
    setParams(new URLSearchParams(entries));
  }

  return (
    <section>
      <PageHead
        title={page > 1 ? `All Articles, page ${page}` : 'All Articles'}
        description={lede}
        path={canonicalPath(search, page)}
        noindex={query.data && isPastTheEnd(query.data, page)}
      />
      <PageHeading>All Articles</PageHeading>
      <p className="mt-3 mb-6 font-serif text-lg text-ink-muted">{lede}</p>
      <SearchForm
        // Going back to an earlier search fills the fields with it again.
        key={`${search.title}\n${search.publisher}\n${search.tags}`}
        initial={search}
        onSearch={runSearch}
      />
      <div className="mt-8">
        <ArticleResults
          query={query}
          page={page}
          pageSize={pageSize}
          hrefFor={(target) => withPage(params, target)}
          emptyMessage={
            search.title || search.publisher || search.tags
              ? 'No articles match your search.'
              : 'No articles yet.'
          }
        />
      </div>
    </section>
  );
}
