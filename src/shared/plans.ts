/**
 * The premium plans (spec section 9). Prices are whole US cents. The server decides prices and
 * periods from this list; the browser only shows them.
 */
export interface Plan {
  id: '1-minute' | '5-days' | '10-days';
  label: string;
  /** What the period selector adds to the period (the spec's second label of the 1-minute plan). */
  note?: string;
  /** Whole US cents. */
  price: number;
  /** The plan's period in days, as the home page's Subscribe buttons carry it. */
  periodDays: number;
  durationMs: number;
}

export type PlanId = Plan['id'];

const minute = 60_000;
const day = 24 * 60 * minute;

export const plans: readonly Plan[] = [
  {
    id: '1-minute',
    label: 'Free for One Minutes',
    note: 'for assignment checking',
    price: 100,
    periodDays: 1 / 1440,
    durationMs: minute,
  },
  { id: '5-days', label: '5 Days', price: 1000, periodDays: 5, durationMs: 5 * day },
  { id: '10-days', label: '10 Days', price: 2000, periodDays: 10, durationMs: 10 * day },
];

export const planText = 'Access to all articles, daily newsletter, priority support, no ads.';

/** The plan sold at this price in whole dollars (as the spec's pages and API carry prices). */
export function planByPrice(dollars: number): Plan | undefined {
  return plans.find((plan) => plan.price === Math.round(dollars * 100));
}

export function planById(id: string): Plan | undefined {
  return plans.find((plan) => plan.id === id);
}

/** "1 minute", "5 days": how long the plan lasts. */
export function planPeriodText(plan: Plan): string {
  const minutes = Math.round(plan.durationMs / minute);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return plan.periodDays === 1 ? '1 day' : `${plan.periodDays} days`;
}

const dollarFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
});

/** "$10" for whole dollars; a price with cents keeps them ("$1.50"). */
export function formatCents(cents: number): string {
  return dollarFormat.format(cents / 100);
}
