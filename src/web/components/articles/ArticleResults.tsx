import type { UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { ArticlePage } from '#web/lib/api/articles';
import { ArticleCard } from './ArticleCard';
import { cardImagePriority } from './ArticleImage';
import { QueryResult } from '#web/components/QueryResult';
import { Pager } from '#web/components/pager/Pager';

interface Props {
  query: UseQueryResult<ArticlePage>;
  page: number;
  pageSize: number;
  /** The address of another page of these results. */
  hrefFor: (page: number) => string;
  emptyMessage: string;
}

const gridClass = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** The cards' width in that grid: the page column (at most 80rem, less 1–2rem padding each
 * side, styles.css page-wrap) in one, two or three columns with 1.5rem gaps. */
const cardImageSizes =
  '(min-width: 80rem) 389px, (min-width: 64rem) calc((100vw - 7rem) / 3), ' +
  '(min-width: 40rem) calc((100vw - 4.5rem) / 2), calc(100vw - 2rem)';

/** A page of article cards with its pagination, or the loading, error or empty state. */
export function ArticleResults({ query, page, pageSize, hrefFor, emptyMessage }: Props) {
  return (
    <QueryResult
      query={query}
      what="articles"
      placeholder={<ArticleGridSkeleton count={Math.min(pageSize, 6)} />}
    >
      {(data) => {
        const pageCount = Math.ceil(data.total / pageSize);
        if (data.articles.length === 0) {
          return (
            <>
              <p
                role="status"
                className="border border-dashed border-rule px-6 py-10 text-center font-serif text-lg text-ink-muted italic"
              >
                {data.total > 0
                  ? `There is no page ${page}: the articles end on page ${pageCount}.`
                  : emptyMessage}
              </p>
              {/* Past the last page (an old link): the pages that do exist. */}
              <Pager page={page} pageCount={pageCount} hrefFor={hrefFor} />
            </>
          );
        }
        return (
          <>
            <p role="status" className="mb-4 text-sm text-ink-muted">
              {data.total === 1 ? '1 article' : `${data.total} articles`}
              {pageCount > 1 && ` · page ${page} of ${pageCount}`}
            </p>
            <ul
              aria-busy={query.isPlaceholderData || undefined}
              className={clsx(
                gridClass,
                query.isPlaceholderData && 'opacity-60 transition-opacity',
              )}
            >
              {data.articles.map((article, index) => (
                <li key={article._id}>
                  {/* The first card's picture is the page's largest on a phone: fetched at once. */}
                  <ArticleCard
                    article={article}
                    imagePriority={cardImagePriority(index)}
                    imageSizes={cardImageSizes}
                  />
                </li>
              ))}
            </ul>
            <Pager page={page} pageCount={pageCount} hrefFor={hrefFor} />
          </>
        );
      }}
    </QueryResult>
  );
}

function ArticleGridSkeleton({ count }: { count: number }) {
  const bar = 'rounded-sm bg-ink/10 motion-safe:animate-pulse';
  return (
    <ul aria-hidden="true" className={gridClass}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="border border-rule bg-surface">
          <div className={clsx(bar, 'aspect-video rounded-none')} />
          <div className="space-y-3 p-5">
            <div className={clsx(bar, 'h-3 w-1/3')} />
            <div className={clsx(bar, 'h-5 w-5/6')} />
            <div className={clsx(bar, 'h-3 w-1/2')} />
            <div className={clsx(bar, 'h-16 w-full')} />
            <div className={clsx(bar, 'h-8 w-20')} />
          </div>
        </li>
      ))}
    </ul>
  );
}
