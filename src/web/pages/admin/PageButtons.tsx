import { clsx } from 'clsx';
import { pageItemClass, pageNumberClass, pageWindow } from '../../components/pagination';

interface Props {
  /** The navigation's name, when a page holds more than one pager. */
  label?: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

const stepClass = clsx(
  pageItemClass,
  'border-rule bg-surface hover:border-ink disabled:cursor-not-allowed disabled:opacity-50',
);

/**
 * The admin lists' pager (spec): '<<', numbered page buttons (the current one highlighted; the
 * first, the last and those around the current one), '>>'.
 */
export function PageButtons({ label = 'Pagination', page, pageCount, onPage }: Props) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          <button
            type="button"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            className={stepClass}
          >
            {'<<'}
          </button>
        </li>
        {pageWindow(page, pageCount).map((item, index) =>
          item === null ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
                className={pageNumberClass(item === page)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => onPage(page + 1)}
            className={stepClass}
          >
            {'>>'}
          </button>
        </li>
      </ul>
    </nav>
  );
}
