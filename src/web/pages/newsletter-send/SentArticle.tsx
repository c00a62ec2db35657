import { Link } from 'react-router';
import type { NewsletterSendArticle } from '#shared/api/newsletter-reader';
import { paths } from '#shared/paths';
import { siteName } from '#shared/site';
import { ArticleBodyView } from '#web/components/article-body/ArticleBodyView';

/**
 * One article of a newsletter's web version, as its mail shows it (server/newsletter/
 * letters.ts): a digest's article's title (an article sent alone is the page's, its subject),
 * publisher, the text the server sent (a digest's opening, the whole article, or a premium
 * article's free part), then the link to the rest, which goes to the plans for a reader who
 * may not read it.
 */
export function SentArticle({
  article,
  opening,
}: {
  article: NewsletterSendArticle;
  /** A digest's: the body is the article's opening, whoever reads. */
  opening: boolean;
}) {
  const link = paths.article(article._id);
  // A digest's links are many: each names its article to those who hear the links alone.
  const which = opening && <span className="sr-only"> “{article.name}”</span>;
  return (
    <article
      aria-labelledby={opening ? `sent-${article._id}` : undefined}
      aria-label={opening ? undefined : article.name}
    >
      {/* As the mail says it: the publisher, and whether the article is premium. */}
      <p className="text-sm text-ink-muted">
        {article.publisher}
        {article.isPremium && ' · Premium article'}
      </p>
      {opening && (
        <h2 id={`sent-${article._id}`} className="mt-2 text-2xl leading-snug font-bold sm:text-3xl">
          <Link to={link} className="hover:text-accent">
            {article.name}
          </Link>
        </h2>
      )}
      <div className="mt-5">
        <ArticleBodyView body={article.body} authorIsAdmin={article.authorIsAdmin} />
      </div>
      {article.fullText ? (
        <p className="mt-5">
          <Link to={link} className="font-semibold text-accent underline">
            {opening ? 'Read the rest' : `Read it on ${siteName}`}
            {which}
          </Link>
        </p>
      ) : (
        <p className="mt-5 border-l-4 border-amber-500 bg-amber-50 px-4 py-3">
          The rest is for subscribers.{' '}
          <Link to={paths.subscription} className="font-semibold text-accent underline">
            Subscribe to read it
            {which}
          </Link>
        </p>
      )}
    </article>
  );
}
