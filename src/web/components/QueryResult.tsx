import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryLoadError } from './LoadError';

interface Props<T> {
  query: UseQueryResult<T>;
  /** What is read: "publishers" (screen readers hear "Loading publishers…"). */
  what: string;
  /** Drawn in the content's place while it loads, hidden from screen readers (aria-hidden). */
  placeholder: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A query's content once it is read, else the failure with a Retry button, else a placeholder.
 * A failed background refresh keeps showing what was read before.
 */
export function QueryResult<T>({ query, what, placeholder, children }: Props<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return <QueryLoadError what={`the ${what}`} query={query} />;
  }
  return (
    <>
      <p role="status" className="sr-only">
        {`Loading ${what}…`}
      </p>
      {placeholder}
    </>
  );
}
