import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { searchLimits } from '#shared/search';
import { paths } from '#shared/paths';

/**
 * A GET form to /search, which the server renders, so it works before (or without) JavaScript;
 * once the app runs, React Router's Form goes there in place.
 */
export function SearchForm(props: { label: string; className: string; children: ReactNode }) {
  return (
    <Form
      method="get"
      action={paths.search}
      role="search"
      aria-label={props.label}
      className={props.className}
    >
      {props.children}
    </Form>
  );
}

/** The box for the words, as the search page reads them (?q=), no longer than it takes. */
export const searchWordsInput = {
  name: 'q',
  type: 'search',
  required: true,
  maxLength: searchLimits.queryMax,
} as const;
