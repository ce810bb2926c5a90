import { relativeTime } from '@baton/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupOf } from './time';

/** A local time, so the tests mean the same in every time zone. */
const at = (month: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(2026, month - 1, day, hour, minute, second);
const iso = (date: Date) => date.toISOString();

// March 2026: Monday the 9th, Sunday the 15th, Monday the 16th.
const sunday = at(3, 15, 12);
const monday = at(3, 16, 9);

describe('groupOf: the headings of SPEC §2, weeks starting on Monday', () => {
  it('on a Sunday: today, Saturday is Yesterday, Monday to Friday are This Week, last Sunday is Earlier', () => {
    expect(groupOf(iso(at(3, 15, 0)), sunday)).toBe('Today');
    expect(groupOf(iso(at(3, 15, 11, 59)), sunday)).toBe('Today');
    expect(groupOf(iso(at(3, 14, 23, 59, 59)), sunday)).toBe('Yesterday');
    expect(groupOf(iso(at(3, 14, 0)), sunday)).toBe('Yesterday');
    expect(groupOf(iso(at(3, 13, 23, 59, 59)), sunday)).toBe('This Week');
    for (const day of [9, 10, 11, 12, 13]) expect(groupOf(iso(at(3, day, 8)), sunday)).toBe('This Week');
    expect(groupOf(iso(at(3, 9, 0)), sunday)).toBe('This Week');
    expect(groupOf(iso(at(3, 8, 23, 59, 59)), sunday)).toBe('Earlier');
  });

  it('on a Monday: Sunday is Yesterday and Saturday is Earlier (no "This Week" before today)', () => {
    expect(groupOf(iso(at(3, 16, 0)), monday)).toBe('Today');
    expect(groupOf(iso(at(3, 15, 10)), monday)).toBe('Yesterday');
    expect(groupOf(iso(at(3, 15, 0)), monday)).toBe('Yesterday');
    expect(groupOf(iso(at(3, 14, 23, 59, 59)), monday)).toBe('Earlier');
  });

  it('on a Tuesday: Monday is Yesterday and Sunday is Earlier', () => {
    const tuesday = at(3, 17, 8);
    expect(groupOf(iso(at(3, 16, 12)), tuesday)).toBe('Yesterday');
    expect(groupOf(iso(at(3, 15, 23)), tuesday)).toBe('Earlier');
  });

  it('puts a missing or unreadable date under Earlier, and a time just ahead (clock skew) under Today', () => {
    expect(groupOf(undefined, sunday)).toBe('Earlier');
    expect(groupOf(null, sunday)).toBe('Earlier');
    expect(groupOf('', sunday)).toBe('Earlier');
    expect(groupOf('yesterday-ish', sunday)).toBe('Earlier');
    expect(groupOf(iso(at(3, 15, 12, 0, 30)), sunday)).toBe('Today');
  });

  describe('with the clock', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('uses the current time when none is given', () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      vi.setSystemTime(monday);
      expect(groupOf(iso(at(3, 15, 10)))).toBe('Yesterday');
      expect(relativeTime(iso(at(3, 16, 8, 30)))).toBe('30 min ago');
    });
  });
});

describe('relativeTime', () => {
  const now = at(3, 16, 12);
  const ago = (seconds: number) => iso(new Date(now.getTime() - seconds * 1000));

  it('says "just now" under a minute', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59), now)).toBe('just now');
    expect(relativeTime(ago(-30), now)).toBe('just now');
  });

  it('counts whole minutes, hours and days at the boundaries', () => {
    expect(relativeTime(ago(60), now)).toBe('1 min ago');
    expect(relativeTime(ago(59 * 60 + 59), now)).toBe('59 min ago');
    expect(relativeTime(ago(60 * 60), now)).toBe('1 hr ago');
    expect(relativeTime(ago(23 * 3600 + 3599), now)).toBe('23 hr ago');
    expect(relativeTime(ago(24 * 3600), now)).toBe('1 day ago');
    expect(relativeTime(ago(47 * 3600 + 3599), now)).toBe('1 day ago');
    expect(relativeTime(ago(48 * 3600), now)).toBe('2 days ago');
    expect(relativeTime(ago(30 * 24 * 3600), now)).toBe('30 days ago');
  });

  it('says nothing without a readable date', () => {
    expect(relativeTime(undefined, now)).toBe('');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
