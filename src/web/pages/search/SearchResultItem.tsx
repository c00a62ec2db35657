import { Crown } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { SearchResult } from '#shared/api/search';
import { paths } from '#shared/paths';
import { formatDate } from '#web/lib/formatDate';
import { Highlighted } from './Highlighted';

/** One result: publisher, the title (a link to the article), byline, and the passage found. */
export function SearchResultItem({ result }: { result: SearchResult }) {
  const { article } = result;
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="border-b border-rule py-5">
      <p className="flex flex-wrap items-center gap-2 text-xs font-semibold tracking-widest text-accent uppercase">
        {article.publisher}
        {article.isPremium && (
          <span className="inline-flex items-center gap-1 rounded-sm bg-amber-400 px-1.5 py-0.5 text-ink">
            <Crown aria-hidden className="size-3" />
            Premium
          </span>
        )}
      </p>
      <h2 id={titleId} className="mt-1 text-xl leading-snug font-bold">
        <Link to={paths.article(article._id)} className="hover:text-accent hover:underline">
          <Highlighted pieces={result.title} />
        </Link>
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        By <span className="font-semibold text-ink">{article.author.name}</span>
        {' · '}
        <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
      </p>
      {result.passage.length > 0 && (
        <p className="mt-2 font-serif leading-relaxed text-ink/90">
          <Highlighted pieces={result.passage} />
        </p>
      )}
    </article>
  );
}
