/**
 * How the demo provider answers a card: Stripe's test card numbers behave as they do in Stripe's
 * test mode, with Stripe's own wording; any other number is declined, since the demo takes no
 * real money.
 */
export type CardOutcome = { ok: true } | { ok: false; message: string };

export interface CardInput {
  number: string;
  /** "MM / YY", "MM/YY" or "MM/YYYY". */
  expiry: string;
  cvc: string;
}

const declined = 'Your card was declined.';

/** Stripe's test numbers and what each one does. */
const testCards: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true },
  '4000056655665556': { ok: true },
  '5555555555554444': { ok: true },
  '4000000000000002': { ok: false, message: declined },
  '4000000000009995': { ok: false, message: 'Your card has insufficient funds.' },
  '4000000000000069': { ok: false, message: 'Your card has expired.' },
  '4000000000000127': { ok: false, message: "Your card's security code is incorrect." },
};

export function chargeDemoCard(card: CardInput, now: Date): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { ok: false, message: 'Your card number is incomplete.' };
  if (!passesLuhn(number)) return { ok: false, message: 'Your card number is invalid.' };

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!expiry) return { ok: false, message: "Your card's expiration date is incomplete." };
  const month = Number(expiry[1]);
  const year = Number(expiry[2]) + (expiry[2]?.length === 2 ? 2000 : 0);
  if (month < 1 || month > 12) {
    return { ok: false, message: "Your card's expiration date is invalid." };
  }
  // A card is good through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) {
    return { ok: false, message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { ok: false, message: "Your card's security code is incomplete." };
  }

  return (
    testCards[number] ?? {
      ok: false,
      message: `${declined} This demo takes Stripe's test cards only, such as 4242 4242 4242 4242.`,
    }
  );
}

/** The Luhn checksum every card number carries. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
