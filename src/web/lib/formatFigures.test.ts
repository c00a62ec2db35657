import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCount,
  formatDuration,
  formatPercent,
  formatRate,
} from './formatFigures';

describe('the analytics figures', () => {
  it('write engaged time in seconds, minutes and hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(44.6)).toBe('45 s');
    expect(formatDuration(65)).toBe('1 min 05 s');
    expect(formatDuration(599.4)).toBe('9 min 59 s');
    expect(formatDuration(3600 + 3 * 60 + 20)).toBe('1 h 03 min');
    expect(formatDuration(null)).toBe('—');
  });

  it('write counts, depths and rates', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatPercent(63.5)).toBe('64%');
    expect(formatPercent(null)).toBe('—');
    expect(formatRate(1, 8)).toBe('12.5%');
    expect(formatRate(0, 0)).toBe('—');
  });

  it('write the change from the period before', () => {
    expect(formatChange(125, 100)).toBe('+25%');
    expect(formatChange(97, 100)).toBe('−3%');
    expect(formatChange(100, 100)).toBe('no change');
    expect(formatChange(1001, 1000)).toBe('no change');
    expect(formatChange(5, 0)).toBe('up from none');
    expect(formatChange(0, 0)).toBe('no change');
  });
});
