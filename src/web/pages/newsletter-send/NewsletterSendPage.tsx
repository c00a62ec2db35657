import { useParams } from 'react-router';
import { paths } from '#shared/paths';
import { LoadError } from '#web/components/LoadError';
import { NewsletterBlock } from '#web/components/newsletter/NewsletterBlock';
import { PageHead } from '#web/head/PageHead';
import { useNewsletterSend } from '#web/lib/api/newsletterReader';
import { formatDate } from '#web/lib/formatDate';
import { NotFoundPage } from '#web/pages/not-found/NotFoundPage';
import { SentArticle } from './SentArticle';

/**
 * /newsletters/:id: a newsletter's web version, the "View in your browser" link of its mail:
 * its subject, date and articles as the mail shows them, each as this reader may read it (the
 * server decides: a premium article's free part and a link to subscribe, or the whole text).
 * Rendered by the server from the same read, answering 404 (the not-found page) when there is
 * no such newsletter.
 */
export function NewsletterSendPage() {
  const id = useParams().id ?? '';
  const { data, error, isFetching, refetch } = useNewsletterSend(id);

  if (data === null) return <NotFoundPage />;
  if (!data) {
    return (
      <>
        <PageHead title="Newsletter" noindex />
        {error ? (
          <LoadError
            what="the newsletter"
            error={error}
            retrying={isFetching}
            onRetry={() => void refetch()}
          />
        ) : (
          <p role="status" className="text-center text-ink-muted">
            Loading the newsletter…
          </p>
        )}
      </>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      {/* The articles have their own pages: this one is not for search engines. */}
      <PageHead title={data.subject} path={paths.newsletterSend(id)} noindex />
      <header className="border-b-4 border-ink pb-6">
        <p className="text-xs font-semibold tracking-widest text-accent uppercase">
          {data.kind === 'digest' ? 'The daily digest' : 'Newsletter'}
        </p>
        <h1 className="mt-3 text-3xl leading-tight font-bold tracking-tight sm:text-4xl">
          {data.subject}
        </h1>
        <p className="mt-3 text-sm text-ink-muted">
          Sent <time dateTime={data.sentAt}>{formatDate(data.sentAt)}</time>
        </p>
      </header>
      <ol aria-label="Articles" className="divide-y divide-rule">
        {data.articles.map((article) => (
          <li key={article._id} className="py-10">
            <SentArticle article={article} opening={data.kind === 'digest'} />
          </li>
        ))}
      </ol>
      <NewsletterBlock heading="Get the newsletter" className="mt-4" />
    </div>
  );
}
