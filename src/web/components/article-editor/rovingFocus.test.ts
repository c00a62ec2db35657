import { describe, expect, it } from 'vitest';
import { nextIndex } from './rovingFocus';

describe('nextIndex', () => {
  it('moves with the arrows, wrapping at both ends', () => {
    expect(nextIndex(0, 'ArrowRight', 4)).toBe(1);
    expect(nextIndex(3, 'ArrowRight', 4)).toBe(0);
    expect(nextIndex(0, 'ArrowLeft', 4)).toBe(3);
    expect(nextIndex(2, 'ArrowDown', 4)).toBe(3);
    expect(nextIndex(2, 'ArrowUp', 4)).toBe(1);
  });

  it('goes to the first and last with Home and End, and ignores other keys', () => {
    expect(nextIndex(2, 'Home', 4)).toBe(0);
    expect(nextIndex(1, 'End', 4)).toBe(3);
    expect(nextIndex(1, 'Enter', 4)).toBeNull();
    expect(nextIndex(0, 'ArrowRight', 0)).toBeNull();
  });
});
