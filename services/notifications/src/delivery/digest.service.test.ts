import { describe, expect, it } from 'vitest';
import { nextDigestAt } from './digest.service';

const at = (iso: string) => new Date(iso);
const next = (digest: Parameters<typeof nextDigestAt>[0], zone: string, now: string) =>
  nextDigestAt(digest, zone, at(now))?.toISOString();

describe('the next digest moment', () => {
  it('hourly: the next whole hour of the zone', () => {
    const hourly = { frequency: 'hourly', hour: 8, weekday: 1 } as const;
    expect(next(hourly, 'UTC', '2026-11-27T10:00:00Z')).toBe('2026-11-27T11:00:00.000Z');
    expect(next(hourly, 'UTC', '2026-11-27T10:59:59Z')).toBe('2026-11-27T11:00:00.000Z');
    // India is 5:30 ahead: its whole hours fall at half past in UTC.
    expect(next(hourly, 'Asia/Kolkata', '2026-11-27T10:10:00Z')).toBe('2026-11-27T10:30:00.000Z');
  });

  it('daily: today at the hour in the zone while it is ahead, else tomorrow', () => {
    const daily = { frequency: 'daily', hour: 8, weekday: 1 } as const;
    expect(next(daily, 'UTC', '2026-11-27T07:59:00Z')).toBe('2026-11-27T08:00:00.000Z');
    expect(next(daily, 'UTC', '2026-11-27T08:00:00Z')).toBe('2026-11-28T08:00:00.000Z');
    // 08:00 in Berlin (UTC+1 in winter) is 07:00 UTC; at 07:30 UTC it has passed there.
    expect(next(daily, 'Europe/Berlin', '2026-11-27T06:30:00Z')).toBe('2026-11-27T07:00:00.000Z');
    expect(next(daily, 'Europe/Berlin', '2026-11-27T07:30:00Z')).toBe('2026-11-28T07:00:00.000Z');
    // Late evening in New York is the next UTC day: still "today" there.
    expect(next({ ...daily, hour: 23 }, 'America/New_York', '2026-11-28T02:00:00Z')).toBe(
      '2026-11-28T04:00:00.000Z',
    );
  });

  it('daily across a daylight-saving change keeps the hour of the zone', () => {
    const daily = { frequency: 'daily', hour: 8, weekday: 1 } as const;
    // Berlin moves from UTC+1 to UTC+2 on 29 March 2026.
    expect(next(daily, 'Europe/Berlin', '2026-03-28T09:00:00Z')).toBe('2026-03-29T06:00:00.000Z');
    // 02:00 does not exist that night in Berlin: the digest goes at 03:00 local.
    expect(next({ ...daily, hour: 2 }, 'Europe/Berlin', '2026-03-28T23:00:00Z')).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('weekly: the next chosen weekday (0 Sunday) at the hour, a week on once it has passed', () => {
    // 27 November 2026 is a Friday.
    const weekly = (weekday: number) => ({ frequency: 'weekly', hour: 9, weekday }) as const;
    expect(next(weekly(1), 'UTC', '2026-11-27T12:00:00Z')).toBe('2026-11-30T09:00:00.000Z');
    expect(next(weekly(0), 'UTC', '2026-11-27T12:00:00Z')).toBe('2026-11-29T09:00:00.000Z');
    expect(next(weekly(5), 'UTC', '2026-11-27T08:00:00Z')).toBe('2026-11-27T09:00:00.000Z');
    expect(next(weekly(5), 'UTC', '2026-11-27T09:00:00Z')).toBe('2026-12-04T09:00:00.000Z');
    // Saturday 01:00 in Tokyo is still Friday in UTC: the Saturday digest is that same (Tokyo) day.
    expect(next(weekly(6), 'Asia/Tokyo', '2026-11-27T15:00:00Z')).toBe('2026-11-28T00:00:00.000Z');
  });

  it('off: none', () => {
    expect(nextDigestAt({ frequency: 'off', hour: 8, weekday: 1 }, 'UTC')).toBeNull();
  });
});
