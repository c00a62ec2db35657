import type { PaymentIntent } from '#shared/payments';
import type { Plan } from '#shared/plans';

/** What both card forms (demo and Stripe) receive from the payment page. */
export interface CardFormProps {
  plan: Plan;
  /** Spec: the billing details are the user's name and email. */
  billing: { name: string; email: string };
  /** The payment to pay; undefined until the server has created it. */
  intent: PaymentIntent | undefined;
  /** Called once the provider says the card paid; throws when the server refuses it. */
  onPaid: (paymentIntentId: string) => Promise<void>;
}
