import { Search } from 'lucide-react';
import { useId } from 'react';
import { Form } from 'react-router';
import { searchLimits } from '#shared/search';
import { paths } from '#shared/paths';

/**
 * The search box on every page: a GET form to /search, which the server renders, so it works
 * before (or without) JavaScript; once the app runs, React Router's Form goes there in place.
 */
export function HeaderSearch() {
  const id = useId();
  return (
    <Form
      method="get"
      action={paths.search}
      role="search"
      aria-label="Site search"
      className="flex w-full max-w-xs items-stretch sm:w-56"
    >
      <label htmlFor={id} className="sr-only">
        Search the site
      </label>
      <input
        id={id}
        name="q"
        type="search"
        required
        maxLength={searchLimits.queryMax}
        placeholder="Search articles"
        className="min-w-0 flex-1 rounded-l-sm border border-r-0 border-ink/40 bg-surface px-2.5 py-1.5 font-sans text-sm font-normal tracking-normal text-ink normal-case placeholder:text-ink-muted focus-visible:border-ink focus-visible:outline-2 focus-visible:outline-offset-0"
      />
      <button
        type="submit"
        className="inline-flex items-center rounded-r-sm bg-ink px-2.5 text-paper hover:bg-accent"
      >
        <Search aria-hidden className="size-4" />
        <span className="sr-only">Search</span>
      </button>
    </Form>
  );
}
