import { MessageSquareWarning } from 'lucide-react';
import { articleStatus, type Article } from '../../../shared/articles.js';
import { showAlert } from '../../components/dialogs/alert';

const badgeClass = 'inline-flex rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap';

const statusColours = {
  'Approved & Premium': 'bg-amber-100 text-amber-900',
  'Approved & Non-Premium': 'bg-emerald-100 text-emerald-900',
  Pending: 'bg-sky-100 text-sky-900',
} as const;

/** The article's status in words; a declined one is a button that shows the editor's reason. */
export function StatusCell({ article }: { article: Article }) {
  const status = articleStatus(article);
  if (status === 'Declined') {
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() =>
          void showAlert({
            icon: 'info',
            title: 'Declined',
            text: article.adminMessage ?? '',
            footer: 'The message from the editors about this article.',
          })
        }
        className={`${badgeClass} items-center gap-1 bg-red-100 text-accent-strong underline-offset-2 hover:underline`}
      >
        <MessageSquareWarning aria-hidden className="size-3.5" />
        Declined
      </button>
    );
  }
  return <span className={`${badgeClass} ${statusColours[status]}`}>{status}</span>;
}
