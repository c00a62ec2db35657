import { clsx } from 'clsx';
import { Lock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Article } from '#shared/articles';
import { firstSentences } from '#shared/excerpt';
import { useAuth } from '#web/lib/auth/authContext';
import { buttonClass } from '#web/components/ui/button';
import { mayReadFullText } from '#shared/rules/reading';
import { isAuthorOf, readerOf } from '#web/lib/auth/reader';
import { ArticleImage, type ImagePriority } from './ArticleImage';
import { Byline } from './Byline';
import { PremiumBadge } from './PremiumBadge';
import { paths } from '#shared/paths';

interface ArticleCardProps {
  article: Article;
  /** How much of the description shows. Spec: 3 sentences on cards, 1 in the carousel. */
  sentences?: number;
  /** h2 in a list that is the page's main content, h3 inside a home page section. */
  headingLevel?: 'h2' | 'h3';
  /** How soon the picture loads: the cards of a list's first row are above the fold. */
  imagePriority?: ImagePriority;
  /** How wide the list's layout shows the card's picture (the img's `sizes`). */
  imageSizes: string;
}

/**
 * An article in a list: image, publisher, title (a link to the story), author, date, excerpt and
 * the Detail button.
 * Premium articles are marked in amber; readers who may not open them see Detail disabled and
 * why.
 */
export function ArticleCard({
  article,
  sentences = 3,
  headingLevel: Heading = 'h2',
  imagePriority = 'lazy',
  imageSizes,
}: ArticleCardProps) {
  const auth = useAuth();
  const titleId = useId();
  const lockId = useId();
  const open = mayReadFullText(article, readerOf(auth), isAuthorOf(article, auth));

  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'flex h-full flex-col overflow-hidden border bg-surface',
        article.isPremium ? 'border-amber-500 shadow-[0_0_0_1px] shadow-amber-500' : 'border-rule',
      )}
    >
      <div className="relative">
        {/* The title below names the article; the picture adds nothing for a screen reader. */}
        <ArticleImage
          src={article.image}
          srcSet={article.imageSrcset}
          sizes={imageSizes}
          alt=""
          width={640}
          height={360}
          priority={imagePriority}
          className="aspect-video w-full bg-rule object-cover"
        />
        {article.isPremium && (
          <PremiumBadge className="absolute top-3 left-3 text-xs font-bold tracking-wide uppercase" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <p className="text-xs font-semibold tracking-widest text-accent uppercase">
          {article.publisher}
        </p>
        <Heading id={titleId} className="mt-1 text-xl leading-snug font-bold">
          {/* The headline is the story's link; a premium article's page shows its free part. */}
          <Link to={paths.article(article._id)} className="hover:text-accent hover:underline">
            {article.name}
          </Link>
        </Heading>
        <Byline article={article} className="mt-2 text-sm text-ink-muted" />
        <p className="mt-3 font-serif leading-relaxed text-ink/90">
          {firstSentences(article.description, sentences)}
        </p>
        <div className="mt-auto pt-5">
          {open ? (
            <Link to={paths.article(article._id)} className={buttonClass({ size: 'sm' })}>
              Detail
            </Link>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                disabled
                aria-describedby={lockId}
                className={buttonClass({ size: 'sm' })}
              >
                <Lock aria-hidden className="size-3.5" />
                Detail
              </button>
              <p id={lockId} className="text-sm text-amber-800">
                Premium —{' '}
                <Link to={paths.subscription} className="font-semibold underline hover:text-accent">
                  subscribe to read
                </Link>
              </p>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
