import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Article } from '#shared/articles';
import { buttonClass } from '../../components/ui/button';
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
const cellClass = 'px-3 py-3 align-middle';

/**
 * The author's articles with the spec's columns. On a narrow screen the table scrolls sideways
 * inside its frame, and the title column stays readable.
 */
export function MyArticlesTable({ articles, firstNumber, onDelete, deletingId }: Props) {
  return (
    <>
      <p className="mb-2 text-sm text-ink-muted sm:hidden">Scroll the table sideways for more.</p>
      <div
        role="region"
        aria-label="My articles, scrolls sideways"
        tabIndex={0}
        className="overflow-x-auto border border-rule bg-surface"
      >
        <table className="w-full min-w-[48rem] border-collapse text-sm">
          <thead className="bg-ink text-paper">
            <tr>
              <th scope="col" className={headClass}>
                S/N
              </th>
              <th scope="col" className={headClass}>
                Article Title
              </th>
              <th scope="col" className={headClass}>
                Details
              </th>
              <th scope="col" className={headClass}>
                Status
              </th>
              <th scope="col" className={headClass}>
                Premium
              </th>
              <th scope="col" className={headClass}>
                Update
              </th>
              <th scope="col" className={headClass}>
                Delete
              </th>
            </tr>
          </thead>
          <tbody>
            {articles.map((article, index) => (
              <tr key={article._id} className="border-t border-rule even:bg-paper/60">
                <td className={`${cellClass} text-ink-muted tabular-nums`}>
                  {firstNumber + index}
                </td>
                <th
                  scope="row"
                  className={`${cellClass} max-w-xs text-left font-serif font-semibold`}
                >
                  {article.name}
                </th>
                <td className={cellClass}>
                  <Link
                    to={paths.article(article._id)}
                    className={buttonClass({ variant: 'secondary', size: 'sm' })}
                  >
                    Details
                  </Link>
                </td>
                <td className={cellClass}>
                  <StatusCell article={article} />
                </td>
                <td className={cellClass}>{article.isPremium ? 'Yes' : 'No'}</td>
                <td className={cellClass}>
                  <Link
                    to={paths.updateArticle(article._id)}
                    className={buttonClass({ size: 'sm' })}
                  >
                    Update
                  </Link>
                </td>
                <td className={cellClass}>
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
    </>
  );
}
