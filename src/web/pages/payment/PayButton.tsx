import { formatCents, type Plan } from '#shared/plans';
import { buttonClass } from '#web/components/ui/button';

/** Disabled until the provider is ready and the payment's secret has arrived (spec). */
export function PayButton({ plan, ready, busy }: { plan: Plan; ready: boolean; busy: boolean }) {
  return (
    <button type="submit" disabled={!ready || busy} className={`${buttonClass()} mt-6 w-full`}>
      {busy ? 'Processing…' : `Pay ${formatCents(plan.price)}`}
    </button>
  );
}
