import { formatCents, planPeriodText, planText, type Plan } from '#shared/plans';

interface Props {
  plan: Plan;
  billing: { name: string; email: string };
}

/** What is being bought and who is billed for it. */
export function OrderSummary({ plan, billing }: Props) {
  return (
    <aside aria-labelledby="order-heading" className="border border-rule bg-surface p-6">
      <h2 id="order-heading" className="text-xl font-bold">
        Your order
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">Plan</dt>
          <dd className="font-semibold">{plan.label}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">Period</dt>
          <dd>{planPeriodText(plan)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-rule pt-3 text-base">
          <dt className="font-semibold">Total</dt>
          <dd className="font-display text-2xl font-black">{formatCents(plan.price)}</dd>
        </div>
      </dl>
      <p className="mt-4 font-serif text-sm text-ink-muted">{planText}</p>
      <p className="mt-4 border-t border-rule pt-3 text-sm">
        Billed to <span className="font-semibold">{billing.name}</span>
        <span className="block [overflow-wrap:anywhere] text-ink-muted">{billing.email}</span>
      </p>
    </aside>
  );
}
