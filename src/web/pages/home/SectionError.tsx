import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';

/** A home page section whose data failed to load: what failed, why, and a Retry button. */
export function SectionError({
  what,
  error,
  onRetry,
  retrying,
}: {
  /** Completes "We couldn't load …". */
  what: string;
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div role="alert" className="border border-accent/40 bg-surface px-6 py-8 text-center">
      <p className="font-serif text-lg font-semibold">We couldn't load {what}.</p>
      <p className="mt-1 text-sm text-ink-muted">{error.message}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={clsx(buttonClass({ variant: 'secondary' }), 'mt-5')}
      >
        <RefreshCw aria-hidden className={clsx('size-4', retrying && 'motion-safe:animate-spin')} />
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
