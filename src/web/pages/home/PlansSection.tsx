import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents, planPeriodText, planText, plans, type Plan } from '#shared/plans';
import { SectionHeading } from '#web/components/SectionHeading';
import { buttonClass } from '#web/components/ui/button';
import type { SubscribeState } from '#web/lib/planState';
import { paths } from '#shared/paths';

/** The home page's three premium plans, each leading to /subscription with its price and period. */
export function PlansSection() {
  return (
    <section aria-labelledby="plans-heading">
      <SectionHeading id="plans-heading" title="Plans">
        Go premium for every article, with nothing in the way.
      </SectionHeading>
      <ul className="grid gap-6 md:grid-cols-3">
        {plans.map((plan, index) => (
          <li key={plan.id}>
            {/* The middle plan is the one most readers take; it gets the heavier frame. */}
            <PlanCard plan={plan} featured={index === 1} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlanCard({ plan, featured }: { plan: Plan; featured: boolean }) {
  const state: SubscribeState = { price: plan.price / 100, period: plan.periodDays };
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        'flex h-full flex-col bg-surface p-6 text-center',
        featured ? 'border-2 border-ink' : 'border border-rule',
      )}
    >
      <h3 id={headingId} className="text-xl font-bold">
        {plan.label}
      </h3>
      <p className="mt-4 border-y border-rule py-4">
        <span className="block font-display text-5xl font-black">{formatCents(plan.price)}</span>
        <span className="mt-1 block text-sm text-ink-muted">
          for {planPeriodText(plan)} of access
        </span>
      </p>
      <p className="mt-4 flex items-start justify-center gap-2 text-left font-serif leading-relaxed">
        <Check aria-hidden className="mt-1 size-4 shrink-0 text-accent" />
        {planText}
      </p>
      <div className="mt-auto pt-6">
        <Link
          to={paths.subscription}
          state={state}
          aria-label={`Subscribe: ${plan.label}`}
          className={buttonClass({ variant: featured ? 'primary' : 'secondary' })}
        >
          Subscribe
        </Link>
      </div>
    </article>
  );
}
