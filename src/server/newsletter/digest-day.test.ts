import { describe, expect, it } from 'vitest';
import { localDayAndHour } from './digest-day.js';

describe('the digest’s day and hour', () => {
  it('are the site’s time zone’s, across midnight and summer time', () => {
    const at = new Date('2026-11-28T23:30:00.000Z');
    expect(localDayAndHour(at, 'UTC')).toEqual({ day: '2026-11-28', hour: 23 });
    expect(localDayAndHour(at, 'Europe/Berlin')).toEqual({ day: '2026-11-29', hour: 0 });
    expect(localDayAndHour(at, 'America/New_York')).toEqual({ day: '2026-11-28', hour: 18 });
    // New York in summer is four hours behind, not five.
    expect(localDayAndHour(new Date('2026-07-01T22:00:00.000Z'), 'America/New_York')).toEqual({
      day: '2026-07-01',
      hour: 18,
    });
  });
});
