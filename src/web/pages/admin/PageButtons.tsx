import { clsx } from 'clsx';

interface Props {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

const itemClass =
  'inline-flex min-w-10 items-center justify-center rounded-sm border px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';

/** The admin lists' pager (spec): '<<', a button per page (the current one highlighted), '>>'. */
export function PageButtons({ page, pageCount, onPage }: Props) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          <button
            type="button"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            className={clsx(itemClass, 'border-rule bg-surface hover:border-ink')}
          >
            {'<<'}
          </button>
        </li>
        {pages.map((item) => (
          <li key={item}>
            <button
              type="button"
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => onPage(item)}
              className={clsx(
                itemClass,
                item === page
                  ? 'border-ink bg-ink text-paper'
                  : 'border-rule bg-surface hover:border-ink',
              )}
            >
              {item}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => onPage(page + 1)}
            className={clsx(itemClass, 'border-rule bg-surface hover:border-ink')}
          >
            {'>>'}
          </button>
        </li>
      </ul>
    </nav>
  );
}
