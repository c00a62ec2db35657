import { useId, useState } from 'react';
import { QueryLoadError } from '#web/components/LoadError';
import { useRevisionQueue } from '#web/lib/api/revisions';
import { Pager } from '#web/components/pager/Pager';
import { RevisionReviewCard } from './RevisionReviewCard';
import { pageSizes } from '#shared/rules/limits';

/** The queue's anchor, which the cards of articles with an edit waiting link to. */
export const revisionQueueId = 'edits-awaiting-review';

const pageSize = pageSizes.admin;

/**
 * Authors' edits of published articles waiting for an editor, oldest first, each beside the
 * published text. Nothing shows while none waits.
 */
export function RevisionQueue() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useRevisionQueue(page, pageSize);

  if (query.isError) {
    return (
      <div className="mb-10">
        <QueryLoadError what="the edits awaiting review" query={query} />
      </div>
    );
  }
  if (!query.data || query.data.total === 0) return null;
  const { items, total } = query.data;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  return (
    <section
      id={revisionQueueId}
      aria-labelledby={headingId}
      className="mb-12 scroll-mt-24 border-b border-rule pb-10"
    >
      <h2 id={headingId} className="font-serif text-2xl font-bold">
        Edits awaiting review <span className="text-ink-muted">({total})</span>
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Authors' changes to published articles. Readers see the published version until you approve
        the edit.
      </p>
      <ul className="mt-6 space-y-6">
        {items.map((item) => (
          <li key={item.revision._id}>
            <RevisionReviewCard
              item={item}
              // The last edit of a page gone: show the page before, not an empty one.
              onReviewed={() => {
                if (items.length === 1 && page > 1) setPage(page - 1);
              }}
            />
          </li>
        ))}
      </ul>
      <Pager
        steps="arrows"
        label="Edits awaiting review pages"
        page={page}
        pageCount={pageCount}
        onPage={setPage}
      />
    </section>
  );
}
