import { FlaskConical } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { TextField } from '#web/components/form/TextField';
import { errorMessage } from '#web/components/dialogs/alert';
import { chargeDemoCard } from '#web/lib/api/payments';
import type { CardFormProps } from './cardFormProps';
import { PayButton } from './PayButton';
import { FormError } from '#web/components/form/FormError';

/** The digits typed, without the spaces or slashes that came with them. */
const digitsOf = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242", as card numbers are printed. */
function groupDigits(value: string): string {
  return digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12 / 30". */
function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** Each field's name and autocomplete token, by which browsers fill in a saved card. */
const autofill = {
  number: { name: 'cardnumber', autoComplete: 'cc-number' },
  expiry: { name: 'exp-date', autoComplete: 'cc-exp' },
  cvc: { name: 'cvc', autoComplete: 'cc-csc' },
};

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
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
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
        card,
        billingDetails: billing,
      });
      await onPaid(intent.paymentIntentId);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  /** A card field's props: digits only, shown as `format` writes them while they are typed. */
  const field = (key: keyof typeof card, format: (value: string) => string) => ({
    ...autofill[key],
    inputMode: 'numeric' as const,
    value: card[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setCard((old) => ({ ...old, [key]: format(event.target.value) })),
  });

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
          placeholder="1234 1234 1234 1234"
          {...field('number', groupDigits)}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Expiry (MM / YY)"
            placeholder="MM / YY"
            {...field('expiry', formatExpiry)}
          />
          <TextField label="CVC" placeholder="123" maxLength={4} {...field('cvc', digitsOf)} />
        </div>
      </div>
      <PayButton plan={plan} ready={ready && intent !== undefined} busy={busy} />
      {error && <FormError className="mt-4" message={error} />}
    </form>
  );
}
