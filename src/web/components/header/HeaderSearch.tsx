import { Search } from 'lucide-react';
import { clsx } from 'clsx';
import { useId } from 'react';
import { SearchForm, searchWordsInput } from '#web/components/search-form/SearchForm';

/**
 * The search box on every page. `onDark` draws it for the admin sidebar's ink background, as
 * wide as the sidebar.
 */
export function HeaderSearch({ onDark = false }: { onDark?: boolean }) {
  const id = useId();
  return (
    <SearchForm
      label="Site search"
      className={clsx('flex w-full items-stretch', !onDark && 'max-w-xs sm:w-56')}
    >
      <label htmlFor={id} className="sr-only">
        Search the site
      </label>
      <input
        id={id}
        {...searchWordsInput}
        placeholder="Search articles"
        className={clsx(
          'min-w-0 flex-1 rounded-l-sm border border-r-0 bg-surface px-2.5 py-1.5 font-sans text-sm font-normal tracking-normal text-ink normal-case placeholder:text-ink-muted focus-visible:outline-2 focus-visible:outline-offset-0',
          onDark
            ? 'border-paper/60 focus-visible:outline-paper'
            : 'border-ink/40 focus-visible:border-ink',
        )}
      />
      <button
        type="submit"
        className={clsx(
          'inline-flex items-center rounded-r-sm px-2.5',
          onDark
            ? 'bg-accent text-paper hover:bg-paper hover:text-ink focus-visible:outline-paper'
            : 'bg-ink text-paper hover:bg-accent',
        )}
      >
        <Search aria-hidden className="size-4" />
        <span className="sr-only">Search</span>
      </button>
    </SearchForm>
  );
}
