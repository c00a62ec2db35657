import type { MeterState } from '#shared/api/meter';

/** "1 of 2 free premium articles left this month": where the reader's meter stands. */
export function meterLeftText(meter: MeterState): string {
  return `${meter.remaining} of ${meter.allowance} free premium articles left this month`;
}

/** What a free account offers a guest: "Create a free account to read 5 … a month". */
export function accountOfferText(registeredAllowance: number): string {
  const articles = registeredAllowance === 1 ? 'premium article' : 'premium articles';
  return `Create a free account to read ${registeredAllowance} more ${articles} a month.`;
}
