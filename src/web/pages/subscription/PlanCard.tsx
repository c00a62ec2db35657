import { Check } from 'lucide-react';
import { formatCents, planPeriodText, planText, type Plan } from '#shared/plans';
import { buttonClass } from '#web/components/ui/button';

/** The chosen plan, and the button that goes on to pay for it. */
export function PlanCard({ plan, onCheckout }: { plan: Plan; onCheckout: () => void }) {
  return (
    <article
      aria-labelledby="chosen-plan"
      className="flex flex-col border-2 border-ink bg-surface p-6 sm:p-8"
    >
      <p className="text-xs font-semibold tracking-[0.2em] text-ink-muted uppercase">Your plan</p>
      <h2 id="chosen-plan" className="mt-2 text-2xl font-bold">
        {plan.label}
      </h2>
      <p className="mt-4 border-y border-rule py-4">
        <span className="font-display text-4xl font-black">{formatCents(plan.price)}</span>
        <span className="ml-2 text-ink-muted">for {planPeriodText(plan)}</span>
      </p>
      <p className="mt-4 flex items-start gap-2 font-serif leading-relaxed">
        <Check aria-hidden className="mt-1 size-4 shrink-0 text-accent" />
        {planText}
      </p>
      <button type="button" className={`${buttonClass()} mt-8 w-full`} onClick={onCheckout}>
        checkout now
      </button>
    </article>
  );
}
