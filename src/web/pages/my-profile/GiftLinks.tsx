import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Gift } from '#shared/api/gifts';
import { paths } from '#shared/paths';
import { giftPageSize } from '#shared/rules/gifts';
import { QueryLoadError } from '#web/components/LoadError';
import { Pager } from '#web/components/pager/Pager';
import { toast } from '#web/components/toasts/toast';
import { buttonClass } from '#web/components/ui/button';
import { giftKeys, revokeGift, useMyGifts } from '#web/lib/api/gifts';
import { formatDate } from '#web/lib/formatDate';
import { ProfileSection } from './ProfileSection';

/**
 * The gift links the reader has sent (decision 024), newest first: the article, when the link
 * expires, how many browsers opened it, and Revoke while it is live.
 */
export function GiftLinks() {
  const [page, setPage] = useState(1);
  const query = useMyGifts(page);
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / giftPageSize));
  // Hidden for a reader who never sent one: nothing to list, and most readers have none.
  if (query.data?.total === 0 && page === 1) return null;
  return (
    <ProfileSection id="gift-links" heading="Gift links">
      {query.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading your gift links…
        </p>
      ) : query.isError ? (
        <QueryLoadError what="your gift links" query={query} />
      ) : (
        <>
          <ul className="divide-y divide-rule">
            {query.data.gifts.map((gift) => (
              <GiftRow key={gift.id} gift={gift} />
            ))}
          </ul>
          <Pager
            steps="arrows"
            label="Gift links pages"
            page={page}
            pageCount={pageCount}
            onPage={setPage}
          />
        </>
      )}
    </ProfileSection>
  );
}

function GiftRow({ gift }: { gift: Gift }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeGift(gift.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: giftKeys.all });
      toast.success('Gift link revoked');
    },
    onError: (error) => toast.error(error.message),
  });
  const state = gift.revoked ? 'Revoked' : gift.expired ? 'Expired' : null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <Link to={paths.article(gift.articleId)} className="font-semibold hover:text-accent">
          {gift.articleTitle}
        </Link>
        <p className="text-sm text-ink-muted">
          {state ?? (
            <>
              Expires <time dateTime={gift.expiresAt}>{formatDate(gift.expiresAt)}</time>
            </>
          )}{' '}
          · opened by {gift.openedBy} of {gift.browserLimit}
        </p>
      </div>
      {!state && (
        <button
          type="button"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate()}
          aria-label={`Revoke the gift link of “${gift.articleTitle}”`}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          Revoke
        </button>
      )}
    </li>
  );
}
