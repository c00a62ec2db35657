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

  it('move with the minute: at a zone’s own hour, and where summer time begins', () => {
    // Kathmandu is 5 h 45 min ahead: its hours turn at a quarter past the hour in UTC.
    const asked = (iso: string, zone: string) => localDayAndHour(new Date(iso), zone);
    expect(asked('2026-07-01T04:14:59.999Z', 'Asia/Kathmandu')).toEqual({
      day: '2026-07-01',
      hour: 9,
    });
    expect(asked('2026-07-01T04:15:00.000Z', 'Asia/Kathmandu')).toEqual({
      day: '2026-07-01',
      hour: 10,
    });
    // New York skips from 2:00 to 3:00 on 8 March 2026.
    expect(asked('2026-03-08T06:59:59.000Z', 'America/New_York')).toEqual({
      day: '2026-03-08',
      hour: 1,
    });
    expect(asked('2026-03-08T07:00:00.000Z', 'America/New_York')).toEqual({
      day: '2026-03-08',
      hour: 3,
    });
    // Asked again within the minute, and back in time: the same answers.
    expect(asked('2026-03-08T07:00:59.000Z', 'America/New_York')).toEqual({
      day: '2026-03-08',
      hour: 3,
    });
    expect(asked('2026-07-01T04:14:00.000Z', 'Asia/Kathmandu')).toEqual({
      day: '2026-07-01',
      hour: 9,
    });
  });
});
