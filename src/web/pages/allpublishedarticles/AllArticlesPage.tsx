import { useSearchParams } from 'react-router';
import { ArticleResults } from '../../components/articles/ArticleResults';
import { PageHeading } from '../../components/PageHeading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useArticles } from '../../lib/api/articles';
import { pageParam, withPage } from '../../lib/pageParam';
import { SearchForm, type ArticleSearch } from './SearchForm';

const pageSize = 12;

/**
 * Approved articles, searchable by title, publisher and tags. The search and the page live in
 * the address (?title=&publisher=&tags=&page=), so a reload or a shared link shows the same.
 */
export function AllArticlesPage() {
  usePageTitle('All Articles');
  const [params, setParams] = useSearchParams();
  const search: ArticleSearch = {
    title: params.get('title') ?? '',
    publisher: params.get('publisher') ?? '',
    tags: params.get('tags') ?? '',
  };
  const page = pageParam(params);
  const query = useArticles({ isApproved: true, ...search, page, limit: pageSize });

  function runSearch(next: ArticleSearch) {
    // A new search starts on its first page; empty fields stay out of the address.
    const entries = Object.entries(next).filter(([, value]) => value !== '');
    setParams(new URLSearchParams(entries));
  }

  return (
    <section>
      <PageHeading>All Articles</PageHeading>
      <p className="mt-3 mb-6 font-serif text-lg text-ink-muted">
        Every story our editors have approved, newest first.
      </p>
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
          emptyMessage="No articles match your search."
        />
      </div>
    </section>
  );
}
