import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engagedTime, idleMs } from './engagedTime';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const seconds = (s: number) => vi.advanceTimersByTime(s * 1000);

describe('engaged time', () => {
  it('counts a visible page while the reader has used it in the last 15 seconds', () => {
    const time = engagedTime();
    seconds(10);
    expect(time.seconds()).toBe(10);
    time.input();
    seconds(40);
    // The 15 s after the last input count; the 25 s of the page left alone after them do not.
    expect(time.seconds()).toBe(10 + idleMs / 1000);
    time.input();
    seconds(3);
    expect(time.seconds()).toBe(28);
  });

  it('counts nothing while the page is hidden, and coming back counts as use', () => {
    const time = engagedTime();
    seconds(5);
    time.visibility(false);
    seconds(60);
    expect(time.seconds()).toBe(5);
    time.visibility(true);
    seconds(20);
    expect(time.seconds()).toBe(5 + 15);
  });

  it('starts from zero after a reset', () => {
    const time = engagedTime();
    seconds(8);
    time.reset();
    expect(time.seconds()).toBe(0);
    seconds(2);
    expect(time.seconds()).toBe(2);
  });

  it('rounds to whole seconds', () => {
    const time = engagedTime();
    vi.advanceTimersByTime(1499);
    expect(time.seconds()).toBe(1);
    vi.advanceTimersByTime(2);
    expect(time.seconds()).toBe(2);
  });
});
