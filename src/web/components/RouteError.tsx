import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PageHead } from '#web/head/PageHead';
import { buttonClass } from './ui/button';

/**
 * What a reader sees when a page fails to render or its code fails to load (often a new
 * deploy replaced the old chunks: reloading fixes that). Details show in development only.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);

  return (
    <section className="mx-auto max-w-xl py-8 text-center sm:py-12">
      <PageHead title="Something went wrong" noindex />
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">
        Stop the presses
      </p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">Something went wrong</h1>
      <p className="mt-4 font-serif text-lg text-ink-muted">
        We could not show this page. Try again, or head back to the homepage.
      </p>
      {import.meta.env.DEV && (
        <pre className="mt-6 overflow-x-auto border border-rule bg-surface p-3 text-left text-xs whitespace-pre-wrap">
          {detail}
        </pre>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          className={buttonClass({ variant: 'secondary' })}
          onClick={() => window.location.reload()}
        >
          Try again
        </button>
        <Link to="/" className={buttonClass()}>
          Back to homepage
        </Link>
      </div>
    </section>
  );
}
