import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useArticleDetail } from '../../lib/api/articleDetail';
import { findListedArticle } from '../../lib/api/articles';
import { ApiError } from '../../lib/api/client';
import { ArticleNotFound, Paywall } from './ArticleUnavailable';
import { ArticleView } from './ArticleView';
import { useCountView } from './useCountView';

/** /articles/:id: one article in full; opening it counts one view. */
export function ArticlePage() {
  const id = useParams().id ?? '';
  const queryClient = useQueryClient();
  const { data, error, isError, isFetching, refetch } = useArticleDetail(id);
  const status = error instanceof ApiError ? error.status : null;
  // The paywall shows the title when a list the reader saw already had the article.
  const listed = status === 403 ? findListedArticle(queryClient, id) : undefined;

  usePageTitle(data?.name ?? listed?.name ?? (status === 404 ? 'Article not found' : 'Article'));
  useCountView(id, data !== undefined);

  if (data) return <ArticleView article={data} />;
  if (isError && status === 403) return <Paywall title={listed?.name} message={error.message} />;
  if (isError && status === 404) return <ArticleNotFound message={error.message} />;
  if (isError) {
    return (
      <LoadError
        what="the article"
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  return <ArticleSkeleton />;
}

function ArticleSkeleton() {
  const bar = 'rounded-sm bg-ink/10 motion-safe:animate-pulse';
  return (
    <div className="mx-auto max-w-3xl">
      <p role="status" className="sr-only">
        Loading the article…
      </p>
      <div aria-hidden="true" className="space-y-4">
        <div className={`${bar} h-3 w-32`} />
        <div className={`${bar} h-12 w-5/6`} />
        <div className={`${bar} h-14 w-64`} />
        <div className={`${bar} aspect-video w-full`} />
        <div className={`${bar} h-24 w-full`} />
      </div>
    </div>
  );
}
