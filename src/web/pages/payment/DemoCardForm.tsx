import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { TextField } from '#web/components/form/TextField';
import { errorMessage } from '#web/components/dialogs/alert';
import { chargeDemoCard } from '#web/lib/api/payments';
import type { CardFormProps } from './cardFormProps';
import { PayButton } from './PayButton';
import { FormError } from '#web/components/form/FormError';

/** "4242424242424242" → "4242 4242 4242 4242", as card numbers are printed. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30". */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The demo provider's card form: it takes Stripe's test cards and no money, and says so. It pays
 * through the demo provider's own endpoint, then the server verifies the payment exactly as it
 * would a Stripe one.
 */
export function DemoCardForm({
  plan,
  billing,
  intent,
  onPaid,
  ready,
}: CardFormProps & { ready: boolean }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!intent) return;
    setBusy(true);
    setError(null);
    try {
      await chargeDemoCard({
        clientSecret: intent.clientSecret,
        card: { number, expiry, cvc },
        billingDetails: billing,
      });
      await onPaid(intent.paymentIntentId);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4">
      <div className="mb-5 flex gap-3 border border-amber-400 bg-amber-50 p-3 text-sm">
        <FlaskConical aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <p>
          <strong>Demo payment: no real charge.</strong> Use the test card 4242 4242 4242 4242 with
          any future date and any CVC; 4000 0000 0000 0002 shows a declined card.
        </p>
      </div>
      <div className="space-y-4">
        <TextField
          label="Card number"
          name="cardnumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(event) => setNumber(groupDigits(event.target.value))}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Expiry (MM / YY)"
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          />
          <TextField
            label="CVC"
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(event) => setCvc(event.target.value.replace(/\D/g, ''))}
          />
        </div>
      </div>
      <PayButton plan={plan} ready={ready && intent !== undefined} busy={busy} />
      {error && <FormError className="mt-4" message={error} />}
    </form>
  );
}
