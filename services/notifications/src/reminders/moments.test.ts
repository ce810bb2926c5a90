import { describe, expect, it } from 'vitest';
import { dueDay, overdueMoment, reminderMoment } from './moments';

describe('reminder moments, in the doer’s time zone', () => {
  it('a date is that calendar day in the zone', () => {
    expect(reminderMoment('2026-11-28', { daysBefore: 0, hour: 0 }, 'UTC')?.toISOString()).toBe(
      '2026-11-28T00:00:00.000Z',
    );
    // 09:00 in Tokyo (UTC+9) the day before is midnight UTC.
    expect(reminderMoment('2026-11-28', { daysBefore: 1, hour: 9 }, 'Asia/Tokyo')?.toISOString()).toBe(
      '2026-11-27T00:00:00.000Z',
    );
    // A week before, across the end of summer time in New York (UTC-4 until 1 Nov, then UTC-5).
    expect(reminderMoment('2026-11-05', { daysBefore: 7, hour: 17 }, 'America/New_York')?.toISOString()).toBe(
      '2026-10-29T21:00:00.000Z',
    );
  });

  it('a moment falls on its day in the zone', () => {
    // 23:30 UTC on the 27th is already the 28th in Berlin.
    expect(dueDay('2026-11-27T23:30:00Z', 'Europe/Berlin')?.toISODate()).toBe('2026-11-28');
    expect(dueDay('2026-11-27T23:30:00Z', 'UTC')?.toISODate()).toBe('2026-11-27');
  });

  it('an overdue notice goes out at 08:00 the morning after', () => {
    expect(overdueMoment('2026-11-28', 'Europe/Lisbon')?.toISOString()).toBe('2026-11-29T08:00:00.000Z');
    expect(overdueMoment('2026-11-28', 'Australia/Sydney')?.toISOString()).toBe('2026-11-28T21:00:00.000Z');
  });

  it('an unknown zone counts as UTC; a due date that is no date has no moment', () => {
    expect(overdueMoment('2026-11-28', 'Mars/Olympus')?.toISOString()).toBe('2026-11-29T08:00:00.000Z');
    expect(reminderMoment('soon', { daysBefore: 0, hour: 9 }, 'UTC')).toBeUndefined();
  });
});
