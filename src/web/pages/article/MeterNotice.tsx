import { Link } from 'react-router';
import type { MeterState } from '#shared/api/meter';
import { paths } from '#shared/paths';
import { withOrigin } from '#web/lib/auth/origin';
import { meterLeftText } from './meterText';

/**
 * Above a premium article the reading meter opened: how many free ones are left this month, and
 * the way to more: a free account for a guest (back to this article after it), else premium.
 */
export function MeterNotice({ meter, articlePath }: { meter: MeterState; articlePath: string }) {
  return (
    <aside
      aria-label="Free premium articles"
      className="mt-8 flex flex-wrap items-center justify-between gap-3 border-y border-amber-500 bg-amber-50 px-4 py-3 text-sm"
    >
      <p className="font-semibold text-amber-900">{meterLeftText(meter)}</p>
      {meter.registeredAllowance ? (
        <Link
          to={withOrigin(paths.register, articlePath)}
          className="font-semibold text-accent underline"
        >
          Create a free account
        </Link>
      ) : (
        <Link to={paths.subscription} className="font-semibold text-accent underline">
          Subscribe
        </Link>
      )}
    </aside>
  );
}
