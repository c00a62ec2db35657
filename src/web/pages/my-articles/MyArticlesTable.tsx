import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Article } from '#shared/articles';
import { buttonClass } from '#web/components/ui/button';
import { StatusCell } from './StatusCell';
import { paths } from '#shared/paths';

interface Props {
  articles: Article[];
  /** The S/N of the first row (lists after the first page go on counting). */
  firstNumber: number;
  onDelete: (article: Article) => void;
  /** The article being deleted, whose button waits. */
  deletingId: string | undefined;
}

const headClass = 'px-3 py-3 text-left text-xs font-semibold tracking-widest uppercase';
const cellClass = 'px-3 py-3 align-middle max-md:p-0';

/**
 * The author's articles with the spec's columns. Below the md breakpoint each row is a card:
 * the number and title, whether it is premium, then Details and the status, then Update and
 * Delete: what can take focus stays in the table's order, so focus moves as the eye does. The
 * cells change their CSS display there,
 * which makes browsers forget they are a table, so each element also names its table role; the
 * column headings stay for screen readers, and Premium says its name beside its value.
 */
export function MyArticlesTable({ articles, firstNumber, onDelete, deletingId }: Props) {
  return (
    <div
      role="region"
      aria-label="My articles"
      tabIndex={0}
      className="overflow-x-auto border-rule md:border md:bg-surface"
    >
      <table role="table" className="w-full border-collapse text-sm max-md:block md:min-w-[44rem]">
        <thead role="rowgroup" className="bg-ink text-paper max-md:sr-only">
          <tr role="row">
            {['S/N', 'Article Title', 'Details', 'Status', 'Premium', 'Update', 'Delete'].map(
              (heading) => (
                <th key={heading} role="columnheader" scope="col" className={headClass}>
                  {heading}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-md:flex max-md:flex-col max-md:gap-3">
          {articles.map((article, index) => (
            <tr
              key={article._id}
              role="row"
              className="border-rule md:border-t md:even:bg-paper/60 max-md:grid max-md:grid-cols-[2rem_auto_minmax(0,1fr)] max-md:items-center max-md:gap-x-3 max-md:gap-y-2 max-md:border max-md:bg-surface max-md:p-4"
            >
              <td
                role="cell"
                className={`${cellClass} text-ink-muted tabular-nums max-md:row-start-1 max-md:self-start`}
              >
                {firstNumber + index}
              </td>
              <th
                role="rowheader"
                scope="row"
                className={`${cellClass} text-left font-serif font-semibold md:max-w-xs max-md:col-span-2 max-md:row-start-1 max-md:text-base`}
              >
                {article.name}
              </th>
              <td
                role="cell"
                className={`${cellClass} max-md:col-start-2 max-md:row-start-3 max-md:mt-1`}
              >
                <Link
                  to={paths.article(article._id)}
                  className={buttonClass({ variant: 'secondary', size: 'sm' })}
                >
                  Details
                </Link>
              </td>
              <td
                role="cell"
                className={`${cellClass} max-md:col-start-3 max-md:row-start-3 max-md:mt-1`}
              >
                <StatusCell article={article} />
              </td>
              <td
                role="cell"
                className={`${cellClass} max-md:col-span-2 max-md:col-start-2 max-md:row-start-2 max-md:text-ink-muted max-md:before:content-['Premium:_']`}
              >
                {article.isPremium ? 'Yes' : 'No'}
              </td>
              <td role="cell" className={`${cellClass} max-md:col-start-2 max-md:row-start-4`}>
                <Link to={paths.updateArticle(article._id)} className={buttonClass({ size: 'sm' })}>
                  Update
                </Link>
              </td>
              <td role="cell" className={`${cellClass} max-md:col-start-3 max-md:row-start-4`}>
                <button
                  type="button"
                  disabled={deletingId === article._id}
                  onClick={() => onDelete(article)}
                  className={`${buttonClass({ variant: 'secondary', size: 'sm' })} border-accent text-accent hover:bg-accent`}
                >
                  <Trash2 aria-hidden className="size-3.5" />
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
