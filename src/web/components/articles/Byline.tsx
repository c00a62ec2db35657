import { formatDate } from '#web/lib/formatDate';

/** Who wrote an article and when, under its title in a list. */
export function Byline(props: {
  article: { author: { name: string }; createdAt: string };
  className: string;
}) {
  const { article } = props;
  return (
    <p className={props.className}>
      By <span className="font-semibold text-ink">{article.author.name}</span>
      {' · '}
      <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
    </p>
  );
}
