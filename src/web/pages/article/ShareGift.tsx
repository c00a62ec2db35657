import { clsx } from 'clsx';
import { Gift } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Article } from '#shared/articles';
import { mayGiveGifts } from '#shared/rules/gifts';
import { buttonClass } from '#web/components/ui/button';
import { useAuth } from '#web/lib/auth/authContext';
import { readerOf } from '#web/lib/auth/reader';

const GiftDialog = lazy(() => import('./GiftDialog'));

/**
 * "Share as a gift" on a published premium article, for the readers the server lets give one
 * (premium readers and admins): opens the dialog that makes the link. Nothing for anyone else.
 */
export function ShareGift({ article }: { article: Article }) {
  const auth = useAuth();
  const [open, setOpen] = useState(false);
  if (!article.isPremium || !article.isApproved || !mayGiveGifts(readerOf(auth))) return null;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={clsx(buttonClass({ variant: 'secondary', size: 'sm' }), 'mt-4')}
      >
        <Gift aria-hidden className="size-3.5" />
        Share as a gift
      </button>
      {open && (
        <Suspense fallback={null}>
          <GiftDialog article={article} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
