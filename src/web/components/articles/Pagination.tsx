import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  page: number;
  pageCount: number;
  /** The address of page `page` (the current search kept). */
  hrefFor: (page: number) => string;
}

const itemClass =
  'inline-flex min-w-10 items-center justify-center gap-1 rounded-sm border px-3 py-2 text-sm font-semibold';

/** Previous, numbered pages (the current one highlighted) and next, as links. */
export function Pagination({ page, pageCount, hrefFor }: Props) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          <StepLink to={page > 1 ? hrefFor(page - 1) : null} label="Previous">
            <ChevronLeft aria-hidden className="size-4" />
            <span className="max-sm:sr-only">Previous</span>
          </StepLink>
        </li>
        {pageWindow(page, pageCount).map((item, index) =>
          item === null ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                className={clsx(
                  itemClass,
                  item === page
                    ? 'border-ink bg-ink text-paper'
                    : 'border-rule bg-surface hover:border-ink',
                )}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          <StepLink to={page < pageCount ? hrefFor(page + 1) : null} label="Next">
            <span className="max-sm:sr-only">Next</span>
            <ChevronRight aria-hidden className="size-4" />
          </StepLink>
        </li>
      </ul>
    </nav>
  );
}

/** Previous or next: a link, or a disabled-looking placeholder at either end. */
function StepLink({
  to,
  label,
  children,
}: {
  to: string | null;
  label: string;
  children: ReactNode;
}) {
  if (!to) {
    return (
      <span
        role="link"
        aria-disabled="true"
        aria-label={label}
        className={clsx(itemClass, 'border-rule text-ink-muted/60')}
      >
        {children}
      </span>
    );
  }
  return (
    <Link
      to={to}
      aria-label={label}
      className={clsx(itemClass, 'border-rule bg-surface hover:border-ink')}
    >
      {children}
    </Link>
  );
}

/** The first, the last, and the pages around the current one; null marks a gap. */
function pageWindow(page: number, pageCount: number): (number | null)[] {
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
