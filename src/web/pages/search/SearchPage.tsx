import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SearchAnswer } from '#shared/api/search';
import { searchLimits, searchMessages } from '#shared/search';
import { paths } from '#shared/paths';
import { inputClass } from '#web/components/form/FieldFrame';
import { QueryLoadError } from '#web/components/LoadError';
import { PageHeading } from '#web/components/PageHeading';
import { SearchForm, searchWordsInput } from '#web/components/search-form/SearchForm';
import { Pager } from '#web/components/pager/Pager';
import { buttonClass } from '#web/components/ui/button';
import { PageHead } from '#web/head/PageHead';
import { ApiError } from '#web/lib/api/client';
import { useSearch } from '#web/lib/api/search';
import { SearchFacets } from './SearchFacets';
import { SearchResultItem } from './SearchResultItem';
import {
  refined,
  searchable,
  searchHref,
  searchRequest,
  searchStateOf,
  type SearchState,
} from './searchState';

const description = 'Search every story Tribune has published, by any words in it.';

/**
 * Site search: the words in the address (?q=), results ranked best first with the matching words
 * marked, and beside them the publishers and tags of every match, each narrowing the search.
 * Every state is an address the server renders, so it works without JavaScript; search pages
 * are left out of search engines (noindex), as their results are the articles' own pages.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const state = searchStateOf(params);
  const ready = searchable(state);
  const query = useSearch(searchRequest(state), ready);

  return (
    <section>
      <PageHead
        title={state.q ? `Search: ${state.q}` : 'Search'}
        description={description}
        path={paths.search}
        noindex
      />
      <PageHeading>Search</PageHeading>
      <SearchBox key={state.q} initial={state.q} />
      <div className="mt-8">
        {!state.q ? (
          <p className="font-serif text-lg text-ink-muted">
            Type words from a headline or a story. Put a phrase in quotes to find it as written.
          </p>
        ) : !ready ? (
          <p role="alert" className="font-serif text-lg text-accent">
            {searchMessages.noWords}
          </p>
        ) : query.data ? (
          <SearchOutcome state={state} answer={query.data} busy={query.isPlaceholderData} />
        ) : query.isError ? (
          // A refused search (bad words, too many searches) says why; nothing to retry at once.
          query.error instanceof ApiError && [400, 429].includes(query.error.status) ? (
            <p role="alert" className="font-serif text-lg text-accent">
              {query.error.message}
            </p>
          ) : (
            <QueryLoadError what="the results" query={query} />
          )
        ) : (
          <p role="status" className="text-ink-muted">
            Searching…
          </p>
        )}
      </div>
    </section>
  );
}

/** The search again, with its words to change. */
function SearchBox({ initial }: { initial: string }) {
  const id = useId();
  return (
    <SearchForm label="Search articles" className="mt-6 flex max-w-2xl items-end gap-3">
      <div className="flex-1">
        <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
          Words to find
        </label>
        <input id={id} {...searchWordsInput} defaultValue={initial} className={inputClass} />
      </div>
      <button type="submit" className={buttonClass()}>
        <Search aria-hidden className="size-4" />
        Search
      </button>
    </SearchForm>
  );
}

function SearchOutcome(props: { state: SearchState; answer: SearchAnswer; busy: boolean }) {
  const { state, answer, busy } = props;
  const pageCount = Math.ceil(answer.total / searchLimits.pageSize);
  return (
    <div className="grid gap-8 lg:grid-cols-[15rem_1fr]">
      <div className="lg:order-2">
        <p role="status" className="text-sm text-ink-muted">
          {answer.more
            ? `More than ${answer.total.toLocaleString('en')} articles`
            : answer.total === 1
              ? '1 article'
              : `${answer.total} articles`}{' '}
          for “{state.q}”{pageCount > 1 && ` · page ${state.page} of ${pageCount}`}
        </p>
        {answer.more && (
          <p className="text-sm text-ink-muted">
            The newest {answer.total.toLocaleString('en')} are ranked here. Add words or a phrase in
            quotes to find older stories.
          </p>
        )}
        <ChosenFilters state={state} />
        {answer.results.length === 0 ? (
          <p className="mt-6 border border-dashed border-rule px-6 py-10 text-center font-serif text-lg text-ink-muted italic">
            No articles match your search.
          </p>
        ) : (
          <ol
            aria-busy={busy || undefined}
            className={clsx('mt-2', busy && 'opacity-60 transition-opacity')}
          >
            {answer.results.map((result) => (
              <li key={result.article._id}>
                <SearchResultItem result={result} />
              </li>
            ))}
          </ol>
        )}
        <Pager
          page={state.page}
          pageCount={pageCount}
          hrefFor={(page) => searchHref({ ...state, page })}
        />
      </div>
      <div className="lg:order-1">
        <SearchFacets state={state} facets={answer.facets} />
      </div>
    </div>
  );
}

/** The filters in force, each with a link that takes it off. */
function ChosenFilters({ state }: { state: SearchState }) {
  const chosen = [
    ...(state.publisher
      ? [{ label: `Publisher: ${state.publisher}`, without: { publisher: '' } }]
      : []),
    ...state.tags.map((tag) => ({
      label: `Tag: ${tag}`,
      without: { tags: state.tags.filter((other) => other !== tag) },
    })),
    ...(state.premium !== undefined
      ? [{ label: state.premium ? 'Premium only' : 'Free only', without: { premium: undefined } }]
      : []),
  ];
  if (chosen.length === 0) return null;
  return (
    <ul aria-label="Filters" className="mt-3 flex flex-wrap gap-2">
      {chosen.map(({ label, without }) => (
        <li key={label}>
          <Link
            to={searchHref(refined(state, without))}
            className="inline-flex items-center gap-1 rounded-sm border border-ink px-2 py-1 text-sm hover:bg-ink hover:text-paper"
          >
            {label}
            <X aria-hidden className="size-3.5" />
            <span className="sr-only">(remove)</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
