import { describe, expect, it } from 'vitest';
import { chargeDemoCard } from './demo-cards.js';

const now = new Date('2026-11-21T12:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

describe('demo card outcomes', () => {
  it("accepts Stripe's succeeding test cards", () => {
    expect(chargeDemoCard(good, now)).toEqual({ ok: true });
    expect(chargeDemoCard({ ...good, number: '5555-5555-5555-4444' }, now)).toEqual({ ok: true });
    expect(chargeDemoCard({ ...good, expiry: '11/2026' }, now)).toEqual({ ok: true });
  });

  it("declines Stripe's declining test cards with Stripe's words", () => {
    expect(chargeDemoCard({ ...good, number: '4000 0000 0000 0002' }, now)).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
    expect(chargeDemoCard({ ...good, number: '4000000000009995' }, now)).toEqual({
      ok: false,
      message: 'Your card has insufficient funds.',
    });
  });

  it('declines any other valid number, since the demo takes no real money', () => {
    const outcome = chargeDemoCard({ ...good, number: '4111 1111 1111 1111' }, now);
    expect(outcome).toEqual({ ok: false, message: expect.stringMatching(/test cards only/) });
  });

  it('says what is wrong with a badly typed card', () => {
    const message = (card: Partial<typeof good>) => {
      const outcome = chargeDemoCard({ ...good, ...card }, now);
      return outcome.ok ? null : outcome.message;
    };
    expect(message({ number: '4242' })).toBe('Your card number is incomplete.');
    expect(message({ number: '4242 4242 4242 4241' })).toBe('Your card number is invalid.');
    expect(message({ expiry: '' })).toBe("Your card's expiration date is incomplete.");
    expect(message({ expiry: '13 / 30' })).toBe("Your card's expiration date is invalid.");
    expect(message({ expiry: '10 / 26' })).toBe("Your card's expiration date is in the past.");
    expect(message({ cvc: '1' })).toBe("Your card's security code is incomplete.");
  });
});
