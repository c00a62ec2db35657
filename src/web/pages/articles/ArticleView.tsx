import { Crown } from 'lucide-react';
import { Fragment } from 'react';
import type { Article } from '../../../shared/articles.js';
import { Avatar } from '../../components/Avatar';
import { formatDate } from '../../lib/formatDate';
import { ArticleBody } from './ArticleBody';

/** The article in full: title, author, date, picture with its credit, and the text. */
export function ArticleView({ article }: { article: Article }) {
  const { author } = article;
  return (
    <article className="mx-auto max-w-3xl">
      <p className="flex flex-wrap items-center gap-3 text-xs font-semibold tracking-widest text-accent uppercase">
        {article.publisher}
        {article.isPremium && (
          <span className="inline-flex items-center gap-1 rounded-sm bg-amber-400 px-2 py-1 text-ink">
            <Crown aria-hidden className="size-3.5" />
            Premium
          </span>
        )}
      </p>
      <h1 className="mt-3 text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
        {article.name}
      </h1>
      <div className="mt-6 flex items-center gap-4 border-y border-rule py-4">
        <Avatar
          name={author.name}
          photoURL={author.photo}
          alt={`Photo of ${author.name}`}
          className="size-14 text-lg"
        />
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-ink">{author.name}</p>
          <a
            href={`mailto:${author.email}`}
            className="[overflow-wrap:anywhere] text-ink-muted underline hover:text-accent"
          >
            {/* On a narrow screen a long address breaks after the @ rather than anywhere. */}
            {author.email.split('@').map((part, index) =>
              index === 0 ? (
                part
              ) : (
                <Fragment key={index}>
                  @<wbr />
                  {part}
                </Fragment>
              ),
            )}
          </a>
          <p className="text-ink-muted">
            Published <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
          </p>
        </div>
      </div>
      <figure className="mt-8">
        <img
          src={article.image}
          alt={article.name}
          width={1280}
          height={720}
          className="aspect-video w-full bg-rule object-cover"
        />
        <figcaption className="mt-2 text-sm text-ink-muted italic">
          Photo Credit: Anonymous
        </figcaption>
      </figure>
      <div className="mt-8">
        <ArticleBody text={article.description} />
      </div>
      {article.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-10 flex flex-wrap gap-2 border-t border-rule pt-6">
          {article.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full border border-rule px-3 py-1 text-xs font-semibold tracking-wide text-ink-muted uppercase"
            >
              {tag}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
