import { describe, expect, it } from 'vitest';
import { planFromState } from './planState';

describe('planFromState', () => {
  it('finds the plan a navigation names by its price in dollars', () => {
    expect(planFromState({ price: 1, period: 1 / 1440 })?.id).toBe('1-minute');
    expect(planFromState({ price: 10, period: 5 })?.id).toBe('5-days');
    expect(planFromState({ price: 20 })?.id).toBe('10-days');
  });

  it('finds no plan for a price no plan has', () => {
    expect(planFromState({ price: 15 })).toBeUndefined();
    expect(planFromState({ price: 0 })).toBeUndefined();
  });

  it('finds no plan in a state without a number for a price (a typed-in address)', () => {
    for (const state of [undefined, null, 'price', {}, { price: '10' }, { price: null }]) {
      expect(planFromState(state), JSON.stringify(state)).toBeUndefined();
    }
  });
});
