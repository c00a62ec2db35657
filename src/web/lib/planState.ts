import { planByPrice, type Plan } from '#shared/plans';

/** What a home-page plan card carries to /subscription (spec: price in dollars, period in days). */
export interface SubscribeState {
  price: number;
  period: number;
}

/** What 'checkout now' carries to /payment (spec: subscriptionPeriod and price). */
export interface PaymentState {
  price: number;
  subscriptionPeriod: number;
}

/**
 * The plan a navigation state names by its price, or undefined for a missing or unknown one
 * (a typed-in URL, an old bookmark). The server checks the price again before taking money.
 */
export function planFromState(state: unknown): Plan | undefined {
  const price = (state as { price?: unknown } | null)?.price;
  return typeof price === 'number' ? planByPrice(price) : undefined;
}
