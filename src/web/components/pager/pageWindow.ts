import { clsx } from 'clsx';

/** One pager item: a page number, previous or next. */
export const pageItemClass =
  'inline-flex min-w-10 items-center justify-center gap-1 rounded-sm border px-3 py-2 text-sm font-semibold';

export function pageNumberClass(current: boolean): string {
  return clsx(
    pageItemClass,
    current ? 'border-ink bg-ink text-paper' : 'border-rule bg-surface hover:border-ink',
  );
}

/** The first, the last, and the pages around the current one; null marks a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((item) => item >= 1 && item <= pageCount)
    .sort((a, b) => a - b);
  const items: (number | null)[] = [];
  for (const item of pages) {
    const previous = items.at(-1);
    // A gap of one page shows that page rather than an ellipsis standing for it.
    if (typeof previous === 'number' && item - previous === 2) items.push(previous + 1);
    else if (typeof previous === 'number' && item - previous > 2) items.push(null);
    items.push(item);
  }
  return items;
}
