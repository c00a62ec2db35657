import type { MeterState } from '../api/meter.js';

/*
 * The reading meter (decision 023): each calendar month a reader without premium may read a few
 * premium articles in full, a guest fewer than a signed-in reader; opening one again in the same
 * month is free. Premium readers, admins and an article's author are not metered
 * (mayReadFullText); crawlers never are, and never get the text.
 */

/** The premium articles a month a guest (`guest`) or a signed-in free reader reads in full. */
export interface MeterAllowances {
  guest: number;
  registered: number;
}

/**
 * Where a reader stands after `used` of `allowance` (never below none left); a guest's state
 * also names what a free account would give them (`registered`), when it gives any.
 */
export function meterState(used: number, allowance: number, registered?: number): MeterState {
  const state = { used, allowance, remaining: Math.max(0, allowance - used) };
  return registered ? { ...state, registeredAllowance: registered } : state;
}

/** Whether the meter opens an article: one read already this month, or one left to read. */
export function meterOpens(state: MeterState, readBefore: boolean): boolean {
  return readBefore || state.remaining > 0;
}

/** What a guest sees once none are left: the state every guest's shared page shows. */
export function spentGuestMeter(allowances: MeterAllowances): MeterState {
  return meterState(allowances.guest, allowances.guest, allowances.registered);
}
