import { useParams, useSearchParams } from 'react-router';
import { giftParam } from '#shared/rules/gifts';
import { articleMessages } from '#shared/article-messages';
import { LoadError } from '#web/components/LoadError';
import { NewsletterBlock } from '#web/components/newsletter/NewsletterBlock';
import { PageHead } from '#web/head/PageHead';
import { useArticleReading } from '#web/lib/api/articleReading';
import { ArticleNotFound } from './ArticleUnavailable';
import { ArticleView } from './ArticleView';
import { useCountView } from './useCountView';

/**
 * /articles/:id: one article, in full for readers who may read it; a premium article's preview
 * and the subscription prompt for the others. Opening it in full counts one view. The server
 * renders it from the same read (entry-server.tsx), answering 404 when there is no article.
 * With `?gift=` (a gift link, decision 024) the read is the gift's, and the page is not indexed.
 */
export function ArticlePage() {
  const id = useParams().id ?? '';
  const gift = useSearchParams()[0].get(giftParam) ?? undefined;
  const { data, error, isError, isFetching, refetch } = useArticleReading(id, gift);
  useCountView(id, data?.access === 'full');

  if (data) {
    return (
      <>
        <ArticleView reading={data} gifted={gift !== undefined} />
        <NewsletterBlock
          heading={
            data.gift?.status === 'open'
              ? 'Enjoyed this gift? Get our stories by email'
              : 'More stories like this, by email'
          }
          className="mx-auto mt-12 max-w-3xl"
        />
      </>
    );
  }
  if (data === null) {
    return (
      <>
        <PageHead title="Article not found" noindex />
        <ArticleNotFound message={articleMessages.notFound} />
      </>
    );
  }
  if (isError) {
    return (
      <>
        <PageHead title="Article" noindex />
        <LoadError
          what="the article"
          error={error}
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      </>
    );
  }
  return (
    <>
      <PageHead title="Article" noindex />
      <ArticleSkeleton />
    </>
  );
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
