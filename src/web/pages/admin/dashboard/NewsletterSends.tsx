import { useState } from 'react';
import { QueryLoadError } from '#web/components/LoadError';
import { Pager } from '#web/components/pager/Pager';
import { sendsPageSize, useNewsletterSends } from '#web/lib/api/newsletterOps';
import { NewsletterSendsTable } from './NewsletterSendsTable';

/** The latest newsletter sends and their progress, read again every few seconds while one goes. */
export function NewsletterSends() {
  const [page, setPage] = useState(1);
  const query = useNewsletterSends(page);
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / sendsPageSize));

  return (
    <section className="rounded-sm border border-rule bg-surface p-4 xl:col-span-2">
      <h2 className="font-serif text-2xl font-bold">Newsletter sends</h2>
      <div className="mt-4">
        {query.isPending ? (
          <p role="status" className="text-ink-muted">
            Loading sends…
          </p>
        ) : query.isError ? (
          <QueryLoadError what="the sends" query={query} />
        ) : (
          <>
            <NewsletterSendsTable sends={query.data.sends} />
            <Pager
              steps="arrows"
              label="Newsletter sends pages"
              page={page}
              pageCount={pageCount}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </section>
  );
}
