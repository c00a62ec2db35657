import { ArticleImage } from '#web/components/articles/ArticleImage';
import { PublisherLine } from '#web/components/articles/PublisherLine';
import { clsx } from 'clsx';
import { Fragment } from 'react';
import type { ArticleReading } from '#shared/pages';
import { Avatar, authorPerson } from '#web/components/Avatar';
import { JsonLd } from '#web/head/JsonLd';
import { PageHead } from '#web/head/PageHead';
import { newsArticleData, paywalledClass } from '#web/head/structuredData';
import { summary } from '#web/head/summary';
import { formatDate } from '#web/lib/formatDate';
import { useSite } from '#web/lib/siteContext';
import { ArticleBodyView } from '#web/components/article-body/ArticleBodyView';
import { plainTextToBody } from '#shared/article-body/plain-text';
import { GiftNotice } from './GiftNotice';
import { MeterNotice } from './MeterNotice';
import { ShareGift } from './ShareGift';
import { MeterWall } from './MeterWall';
import { paths } from '#shared/paths';

/** The article column is at most 48rem wide, less the page's 1–1.5rem padding on a narrower
 * screen. */
const articleImageSizes =
  '(min-width: 51rem) 48rem, (min-width: 40rem) calc(100vw - 3rem), calc(100vw - 2rem)';

/**
 * The article: title, author, date, picture with its credit, then the body in full (with how
 * many free ones are left when the reading meter opened it), or, for a premium article the
 * reader may not read, its free part and the prompt to register or subscribe (MeterWall).
 * A premium article's paid part (the text, or the prompt standing in for it) carries
 * `paywalledClass`, which its structured data names.
 */
export function ArticleView({
  reading,
  gifted = false,
}: {
  reading: ArticleReading;
  /** Reached by a gift link: left out of search engines, its canonical address its own. */
  gifted?: boolean;
}) {
  const { article, access } = reading;
  const { author } = article;
  const { publicUrl } = useSite();
  const description = summary(article.description);
  const body = (
    <ArticleBodyView
      body={article.body ?? plainTextToBody(article.description)}
      authorIsAdmin={reading.authorIsAdmin}
      imageSize={(src) => reading.bodyImages[src] ?? null}
    />
  );
  return (
    <article className="mx-auto max-w-3xl">
      <PageHead
        title={article.name}
        description={description}
        path={paths.article(article._id)}
        noindex={gifted}
        canonicalToo
        image={{ url: article.image, ...reading.image, alt: article.name }}
        article={{
          publishedTime: article.createdAt,
          modifiedTime: reading.updatedAt,
          section: article.tags[0],
          tags: article.tags,
        }}
      />
      <JsonLd
        data={newsArticleData(publicUrl, article, { updatedAt: reading.updatedAt, description })}
      />
      <PublisherLine article={article} />
      <h1 className="mt-3 text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
        {article.name}
      </h1>
      <div className="mt-6 flex items-center gap-4 border-y border-rule py-4">
        <Avatar
          person={authorPerson(author)}
          sizes="56px"
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
      <ShareGift article={article} />
      <figure className="mt-8">
        {/* The page's largest picture: fetched first, its box sized before it arrives. */}
        <ArticleImage
          src={article.image}
          srcSet={article.imageSrcset}
          sizes={articleImageSizes}
          alt={article.name}
          width={1280}
          height={720}
          priority="high"
          className="aspect-video w-full bg-rule object-cover"
        />
        <figcaption className="mt-2 text-sm text-ink-muted italic">
          Photo Credit: Anonymous
        </figcaption>
      </figure>
      {reading.gift && <GiftNotice gift={reading.gift} />}
      {access === 'full' && reading.meter && (
        <MeterNotice meter={reading.meter} articlePath={paths.article(article._id)} />
      )}
      {access === 'full' ? (
        <div className={clsx('mt-8', article.isPremium && paywalledClass)} data-article-body>
          {body}
        </div>
      ) : (
        <>
          <div className="mt-8" data-article-body>
            {body}
          </div>
          <div className={clsx('mt-10', paywalledClass)}>
            <MeterWall meter={reading.meter} articlePath={paths.article(article._id)} />
          </div>
        </>
      )}
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
