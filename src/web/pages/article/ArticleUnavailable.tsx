import { Lock, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button';
import { paths } from '#shared/paths';

/** The box where a premium article's text would continue, for readers without premium. */
export function PremiumBox({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label="Premium article"
      className="border border-amber-500 bg-amber-50 px-6 py-10 text-center"
    >
      <Lock aria-hidden className="mx-auto size-10 text-amber-700" />
      <p className="mt-3 text-sm font-semibold tracking-widest text-amber-800 uppercase">
        Premium article
      </p>
      {children}
    </section>
  );
}

/** Where a premium article's text would continue, for readers without premium: Subscribe. */
export function SubscribePrompt({ message }: { message: string }) {
  return (
    <PremiumBox>
      <p className="mt-4 font-serif text-lg text-ink-muted">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={paths.subscription} className={buttonClass()}>
          Subscribe
        </Link>
        <Link to={paths.allArticles} className={buttonClass({ variant: 'secondary' })}>
          All articles
        </Link>
      </div>
    </PremiumBox>
  );
}

/** No such article, or not published (yet). */
export function ArticleNotFound({ message }: { message: string }) {
  return (
    <section className="mx-auto max-w-xl py-8 text-center">
      <SearchX aria-hidden className="mx-auto size-10 text-ink-muted" />
      <h1 className="mt-3 text-3xl leading-tight font-bold sm:text-4xl">
        We couldn't find this article.
      </h1>
      <p className="mt-4 font-serif text-lg text-ink-muted">{message}</p>
      <Link to={paths.allArticles} className={`${buttonClass()} mt-8`}>
        Browse all articles
      </Link>
    </section>
  );
}
