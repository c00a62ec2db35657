import type { Clock } from '#server/clock';

/** A clock the test moves by hand: `clock.now` goes to the app, `advance` moves it on. */
export interface TestClock {
  now: Clock;
  advance(ms: number): void;
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}
