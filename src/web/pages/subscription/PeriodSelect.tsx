import { useId } from 'react';
import { formatCents, planPeriodText, plans, type Plan } from '#shared/plans';

interface Props {
  plan: Plan;
  onChange: (plan: Plan) => void;
}

/**
 * The period selector, with the chosen period's price below it. A radio button per period,
 * rather than a drop-down: every period and its price can be read at once, and the longest,
 * "1 minute (for assignment checking)", wraps on a phone where a closed drop-down cut it off.
 */
export function PeriodSelect({ plan, onChange }: Props) {
  const name = useId();
  return (
    <div className="border border-rule bg-surface p-6">
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold">Subscription period</legend>
        <div className="grid gap-2">
          {plans.map((option) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-center gap-3 rounded-sm border border-ink/40 px-3 py-2.5 hover:border-ink has-checked:border-ink has-checked:bg-paper has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent"
            >
              <input
                type="radio"
                name={name}
                value={option.id}
                className="size-4 shrink-0 accent-ink focus-visible:outline-none"
                checked={option.id === plan.id}
                onChange={() => onChange(option)}
              />
              <span className="grow">
                {planPeriodText(option)}
                {option.note && <span className="text-ink-muted"> ({option.note})</span>}
              </span>
              <span className="font-semibold">{formatCents(option.price)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-6 text-sm text-ink-muted">Price</p>
      <p className="font-display text-5xl font-black" aria-live="polite">
        {formatCents(plan.price)}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        once, for {planPeriodText(plan)} of premium access. No renewal.
      </p>
    </div>
  );
}
