import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button';
import { PageHead } from '#web/head/PageHead';

/** Any address no route knows; the server answers it with 404. */
export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl py-8 text-center sm:py-12">
      <PageHead title="Page not found" noindex />
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">Error 404</p>
      <h1 className="mt-3 text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
        Sorry, we couldn't find this page.
      </h1>
      <p className="mt-4 font-serif text-lg text-ink-muted">
        It may have moved, or the address may be mistyped.
      </p>
      <Link to="/" className={`${buttonClass()} mt-8`}>
        Back to homepage
      </Link>
    </section>
  );
}
