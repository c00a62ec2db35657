import { useId } from 'react';
import { Link } from 'react-router';
import type { SearchResult } from '#shared/api/search';
import { paths } from '#shared/paths';
import { Byline } from '#web/components/articles/Byline';
import { PublisherLine } from '#web/components/articles/PublisherLine';
import { Highlighted } from './Highlighted';

/** One result: publisher, the title (a link to the article), byline, and the passage found. */
export function SearchResultItem({ result }: { result: SearchResult }) {
  const { article } = result;
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="border-b border-rule py-5">
      <PublisherLine article={article} small />
      <h2 id={titleId} className="mt-1 text-xl leading-snug font-bold">
        <Link to={paths.article(article._id)} className="hover:text-accent hover:underline">
          <Highlighted pieces={result.title} />
        </Link>
      </h2>
      <Byline article={article} className="mt-1 text-sm text-ink-muted" />
      {result.passage.length > 0 && (
        <p className="mt-2 font-serif leading-relaxed text-ink/90">
          <Highlighted pieces={result.passage} />
        </p>
      )}
    </article>
  );
}
