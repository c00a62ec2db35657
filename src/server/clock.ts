/**
 * The time as the server's rules see it: premium expiry, subscription dates, posting limits.
 * The app reads it from `app.clock()`; tests pass their own, so expiry is tested by moving a
 * clock instead of sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
