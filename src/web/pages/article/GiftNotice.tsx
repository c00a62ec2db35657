import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import type { GiftNotice as Notice } from '#shared/api/gifts';
import { giftMessages } from '#shared/gift-messages';
import { paths } from '#shared/paths';

/**
 * Above an article reached by a gift link (decision 024): that it is a gift, with the way to
 * more (the subscription; the newsletter's sign-up follows the article), or why the link did
 * not open it (opened by as many people as it may, expired, withdrawn, not this article's).
 */
export function GiftNotice({ gift }: { gift: Notice }) {
  const open = gift.status === 'open';
  return (
    <aside
      aria-label="Gift"
      className="mt-8 flex flex-wrap items-center justify-between gap-3 border-y border-emerald-600 bg-emerald-50 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-semibold text-emerald-900">
        <Gift aria-hidden className="size-4 shrink-0" />
        {giftMessages[gift.status]}
      </p>
      <Link to={paths.subscription} className="font-semibold text-accent underline">
        {open ? 'Subscribe to read every premium article' : 'Subscribe'}
      </Link>
    </aside>
  );
}
