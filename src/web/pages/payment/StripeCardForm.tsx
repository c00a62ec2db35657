import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '#web/components/dialogs/alert';
import type { CardFormProps } from './cardFormProps';
import { PayButton } from './PayButton';
import { FormError } from '#web/components/form/FormError';

// One Stripe.js per publishable key for the life of the page, as Stripe asks.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripes.set(key, stripe);
  }
  return stripe;
}

/** Stripe's own card form (the card never touches our server), loaded only with Stripe. */
export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ plan, billing, intent, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !intent) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmCardPayment(intent.clientSecret, {
        payment_method: { card, billing_details: billing },
      });
      if (result.error) throw new Error(result.error.message ?? 'Your card could not be charged.');
      await onPaid(result.paymentIntent.id);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-4">
      <div className="rounded-sm border border-ink/40 bg-surface px-3 py-3">
        <CardElement
          options={{ hidePostalCode: true }}
          onChange={(change) => setError(change.error?.message ?? null)}
        />
      </div>
      <PayButton plan={plan} ready={stripe !== null && intent !== undefined} busy={busy} />
      {error && <FormError className="mt-4" message={error} />}
    </form>
  );
}
