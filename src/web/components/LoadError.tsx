import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import { buttonClass } from './ui/button';

interface Props {
  /** What could not be loaded, e.g. "the articles". */
  what: string;
  error: Error;
  retrying: boolean;
  onRetry: () => void;
}

/** A failed read with the cause and a Retry button. */
export function LoadError({ what, error, retrying, onRetry }: Props) {
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

/** A failed query's LoadError: Retry reads it again. */
export function QueryLoadError(props: {
  what: string;
  query: { error: Error; isFetching: boolean; refetch: () => unknown };
}) {
  const { what, query } = props;
  return (
    <LoadError
      what={what}
      error={query.error}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}
