import { describe, expect, it } from 'vitest';
import { formatDate } from './formatDate';

describe('formatDate', () => {
  it('shows the date of an ISO timestamp in US English', () => {
    expect(formatDate('2025-03-14T09:30:00.000Z')).toBe('Mar 14, 2025');
  });

  it('shows the UTC date, whatever the hour', () => {
    // Late on the 31st in UTC is already the 1st east of it, and early on the 1st is still the
    // 31st west of it: every reader sees the date the server rendered.
    expect(formatDate('2024-12-31T23:59:59.000Z')).toBe('Dec 31, 2024');
    expect(formatDate('2025-01-01T00:00:00.000Z')).toBe('Jan 1, 2025');
    expect(formatDate('2025-01-01T03:00:00+05:00')).toBe('Dec 31, 2024');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
