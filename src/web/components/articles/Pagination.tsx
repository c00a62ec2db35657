import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageItemClass as itemClass, pageNumberClass, pageWindow } from '../pagination';

interface Props {
  page: number;
  pageCount: number;
  /** The address of page `page` (the current search kept). */
  hrefFor: (page: number) => string;
}

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
                className={pageNumberClass(item === page)}
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
