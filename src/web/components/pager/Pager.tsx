import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageItemClass, pageNumberClass, pageWindow } from './pageWindow';

/** Where a page is: an address to follow (a list whose page is in its URL), or a callback. */
export type PageTarget =
  | { hrefFor: (page: number) => string; onPage?: never }
  | { onPage: (page: number) => void; hrefFor?: never };

type Props = PageTarget & {
  page: number;
  pageCount: number;
  /** The navigation's name, when a page holds more than one pager. */
  label?: string;
  /**
   * `words`: Previous and Next with arrows (the public lists); `arrows`: '<<' and '>>', as the
   * spec draws the admin lists' pager.
   */
  steps?: 'words' | 'arrows';
};

const stepClass = clsx(pageItemClass, 'border-rule bg-surface hover:border-ink');
const disabledStepClass = clsx(pageItemClass, 'border-rule text-ink-muted/60');

/**
 * Previous, the page numbers (the first, the last and those around the current one, which is
 * highlighted) and next. With `hrefFor` each is a link, so the pages work without JavaScript
 * and can be opened in a new tab; with `onPage` each is a button.
 */
export function Pager({
  page,
  pageCount,
  label = 'Pagination',
  steps = 'words',
  ...target
}: Props) {
  if (pageCount <= 1) return null;
  const arrows = steps === 'arrows';
  return (
    <nav aria-label={label} className={arrows ? 'mt-8' : 'mt-10'}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          <PageControl
            target={target}
            // Past the end (an old link), the step back is to the last page there is.
            to={page > 1 ? Math.min(page - 1, pageCount) : null}
            label={arrows ? 'Previous page' : 'Previous'}
            className={stepClass}
          >
            {arrows ? (
              '<<'
            ) : (
              <>
                <ChevronLeft aria-hidden className="size-4" />
                <span className="max-sm:sr-only">Previous</span>
              </>
            )}
          </PageControl>
        </li>
        {pageWindow(page, pageCount).map((item, index) =>
          item === null ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <PageControl
                target={target}
                to={item}
                label={`Page ${item}`}
                current={item === page}
                className={pageNumberClass(item === page)}
              >
                {item}
              </PageControl>
            </li>
          ),
        )}
        <li>
          <PageControl
            target={target}
            to={page < pageCount ? page + 1 : null}
            label={arrows ? 'Next page' : 'Next'}
            className={stepClass}
          >
            {arrows ? (
              '>>'
            ) : (
              <>
                <span className="max-sm:sr-only">Next</span>
                <ChevronRight aria-hidden className="size-4" />
              </>
            )}
          </PageControl>
        </li>
      </ul>
    </nav>
  );
}

/** One item: a link or a button to page `to`, or, at either end (`to` null), a disabled one. */
function PageControl({
  target,
  to,
  label,
  current = false,
  className,
  children,
}: {
  target: PageTarget;
  to: number | null;
  label: string;
  current?: boolean;
  className: string;
  children: ReactNode;
}) {
  const ariaCurrent = current ? 'page' : undefined;
  if (target.onPage) {
    return (
      <button
        type="button"
        aria-label={label}
        aria-current={ariaCurrent}
        disabled={to === null}
        onClick={to === null ? undefined : () => target.onPage(to)}
        className={clsx(className, 'disabled:cursor-not-allowed disabled:opacity-50')}
      >
        {children}
      </button>
    );
  }
  if (to === null) {
    return (
      <span role="link" aria-disabled="true" aria-label={label} className={disabledStepClass}>
        {children}
      </span>
    );
  }
  return (
    <Link
      to={target.hrefFor(to)}
      aria-label={label}
      aria-current={ariaCurrent}
      className={className}
    >
      {children}
    </Link>
  );
}
