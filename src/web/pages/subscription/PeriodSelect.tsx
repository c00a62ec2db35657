import { useId } from 'react';
import { formatCents, planById, planPeriodText, plans, type Plan } from '#shared/plans';
import { inputClass } from '../../components/form/FieldFrame';

interface Props {
  plan: Plan;
  onChange: (plan: Plan) => void;
}

/** The period selector, with the chosen period's price beside it. */
export function PeriodSelect({ plan, onChange }: Props) {
  const id = useId();
  return (
    <div className="border border-rule bg-surface p-6">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        Subscription period
      </label>
      <select
        id={id}
        className={inputClass}
        value={plan.id}
        onChange={(event) => {
          const chosen = planById(event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {plans.map((option) => (
          <option key={option.id} value={option.id}>
            {planPeriodText(option)}
            {option.note && ` (${option.note})`}: {formatCents(option.price)}
          </option>
        ))}
      </select>
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
