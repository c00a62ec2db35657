import { describe, expect, it } from 'vitest';
import { WorkGate } from './work-gate.js';

class Refused extends Error {}

/** Work that ends when the test says so. */
function held<T>(value: T) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  let started = false;
  return {
    work: async () => {
      started = true;
      await done;
      return value;
    },
    release,
    get started() {
      return started;
    },
  };
}

const gate = (running: number, waiting: number, waitMs = 10_000) =>
  new WorkGate({ running, waiting, waitMs }, () => new Refused('busy'));

describe('a work gate', () => {
  it('runs at most its number at once, then the waiting in the order they came', async () => {
    const g = gate(2, 10);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(held);
    const results = [a, b, c, d].map((w) => g.run(w!.work));
    await Promise.resolve();
    expect([a, b, c, d].map((w) => w!.started)).toEqual([true, true, false, false]);
    expect(g.load).toEqual({ running: 2, waiting: 2 });

    b!.release();
    await results[1];
    expect([c, d].map((w) => w!.started)).toEqual([true, false]);
    a!.release();
    await results[0];
    expect(d!.started).toBe(true);
    c!.release();
    d!.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(g.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once what would wait past the queue, and never runs it', async () => {
    const g = gate(1, 1);
    const first = held(1);
    const running = g.run(first.work);
    const waiting = g.run(async () => 2);
    const extra = held(3);
    await expect(g.run(extra.work)).rejects.toBeInstanceOf(Refused);
    first.release();
    expect(await running).toBe(1);
    expect(await waiting).toBe(2);
    expect(extra.started).toBe(false);
  });

  it('refuses what waited too long, and lets the next one in when a turn comes', async () => {
    const g = gate(1, 10, 50);
    const first = held('first');
    const running = g.run(first.work);
    const late = held('late');
    const waited = g.run(late.work);
    await expect(waited).rejects.toBeInstanceOf(Refused);
    expect(g.load).toEqual({ running: 1, waiting: 0 });

    const next = g.run(async () => 'next');
    first.release();
    expect(await running).toBe('first');
    expect(await next).toBe('next');
    expect(late.started).toBe(false);
  });

  it('passes on a failure of the work and frees its turn', async () => {
    const g = gate(1, 10);
    const failing = g.run(async () => {
      throw new Error('the read failed');
    });
    const after = g.run(async () => 'after');
    await expect(failing).rejects.toThrow('the read failed');
    expect(await after).toBe('after');
  });
});
