import type { PaymentConfig } from '#shared/payments';
import type { PlanId } from '#shared/plans';

/** A payment as the provider reports it; the server trusts these fields, never the browser. */
export interface ProviderIntent {
  id: string;
  /** Stripe's statuses; only 'succeeded' grants premium. */
  status: string;
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  /** Who the intent was created for, as recorded with the provider. */
  userId: string | null;
}

/** A webhook delivery whose signature checked out. */
export interface ProviderEvent {
  type: string;
  /** The payment intent the event is about, when it is about one. */
  intentId: string | null;
}

/**
 * One card payment provider. The server creates an intent for a plan, the page pays it with the
 * provider's card form, and the server asks the provider again before granting anything.
 */
export interface PaymentProvider {
  readonly kind: PaymentConfig['provider'];
  /** What the payment page needs to show this provider's card form. */
  readonly publicConfig: PaymentConfig;
  createIntent(input: {
    amount: number;
    currency: string;
    userId: string;
    plan: PlanId;
  }): Promise<{ id: string; clientSecret: string }>;
  /** The intent as the provider knows it now, or null when it has no such intent. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
}
