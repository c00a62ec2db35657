import { describe, expect, it } from 'vitest';
import { WakeableRun } from './wakeable-run.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('a wakeable run', () => {
  it('runs once at a time, and once more for any number of wakes during a run', async () => {
    let runs = 0;
    let overlapping = false;
    let active = 0;
    const run = new WakeableRun(
      async () => {
        runs += 1;
        active += 1;
        if (active > 1) overlapping = true;
        await tick();
        active -= 1;
      },
      () => undefined,
    );
    run.wake();
    run.wake();
    run.wake();
    while (runs < 2) await tick();
    await run.idle();
    await tick();
    expect(runs).toBe(2);
    expect(overlapping).toBe(false);
  });

  it('hands a failure to its handler and runs again on the next wake', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const run = new WakeableRun(
      () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve();
      },
      (err) => errors.push(err),
    );
    run.wake();
    await run.idle();
    run.wake();
    await run.idle();
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('down')]);
  });

  it('drops a run asked for during the one that idle waits for', async () => {
    let runs = 0;
    const run = new WakeableRun(
      async () => {
        runs += 1;
        await tick();
      },
      () => undefined,
    );
    run.wake();
    run.wake();
    await run.idle();
    await tick();
    expect(runs).toBe(1);
  });
});
