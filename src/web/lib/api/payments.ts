import type { UserRecord } from '#shared/accounts';
import type { DemoCharge, PaymentConfig, PaymentIntent } from '#shared/payments';
import { apiFetch } from './client';

/** Which card form the payment page shows (demo, or Stripe with its publishable key). */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiFetch<PaymentConfig>('/payments/config', { signal });
}

/** Starts paying for the plan with this price in dollars; nothing is granted yet. */
export function createPaymentIntent(price: number): Promise<PaymentIntent> {
  return apiFetch<PaymentIntent>('/create-payment-intent', { method: 'POST', json: { price } });
}

/** After the card form paid: the server checks with the provider and answers the new record. */
export function confirmPayment(paymentIntentId: string): Promise<UserRecord> {
  return apiFetch<UserRecord>('/payments/confirm', { method: 'POST', json: { paymentIntentId } });
}

/** The demo provider's card payment (what Stripe.js does against Stripe). */
export function chargeDemoCard(charge: DemoCharge): Promise<{ status: 'succeeded' }> {
  return apiFetch('/payments/demo/charge', { method: 'POST', json: charge });
}
