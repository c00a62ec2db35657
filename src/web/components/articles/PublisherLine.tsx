import { clsx } from 'clsx';
import { PremiumBadge } from './PremiumBadge';

/** The line over an article's title: its publisher, and the premium mark if it is premium. */
export function PublisherLine(props: {
  article: { publisher: string; isPremium: boolean };
  small?: boolean;
}) {
  const { article, small = false } = props;
  return (
    <p
      className={clsx(
        'flex flex-wrap items-center text-xs font-semibold tracking-widest text-accent uppercase',
        small ? 'gap-2' : 'gap-3',
      )}
    >
      {article.publisher}
      {article.isPremium && <PremiumBadge small={small} />}
    </p>
  );
}
