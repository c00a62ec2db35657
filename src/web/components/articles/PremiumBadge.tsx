import { clsx } from 'clsx';
import { Crown } from 'lucide-react';

/** The mark of a premium article: a crown and the word, on gold. */
export function PremiumBadge({
  small = false,
  className,
}: {
  small?: boolean;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-sm bg-amber-400 text-ink',
        small ? 'px-1.5 py-0.5' : 'px-2 py-1',
        className,
      )}
    >
      <Crown aria-hidden className={small ? 'size-3' : 'size-3.5'} />
      Premium
    </span>
  );
}
