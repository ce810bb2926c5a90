import { recurrenceMessages } from '@baton/contracts/constants';
import { HttpError } from '@baton/service-kit';
import { describe, expect, it } from 'vitest';
import { checkedRule, feedRule, nextDueDate, seriesColumns } from './recurrence';

/** The series' due dates from `start`: each the next of the one before, until the series ends or `n` are made. */
function series(rule: string, start: string, n = 8) {
  const dates = [start];
  for (let due: string | null = start; dates.length < n; ) {
    due = nextDueDate(rule, start, due as string);
    if (!due) break;
    dates.push(due);
  }
  return dates;
}

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof HttpError ? { status: error.status, message: error.message } : error;
  }
  return 'accepted';
};

describe('the next due date', () => {
  it.each([
    ['daily', 'FREQ=DAILY', '2026-12-30', ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']],
    // 2026-11-27 is a Friday.
    [
      'weekdays',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      '2026-11-27',
      ['2026-11-27', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-07'],
    ],
    [
      'weekly on Monday and Thursday',
      'FREQ=WEEKLY;BYDAY=MO,TH',
      '2026-11-30',
      ['2026-11-30', '2026-12-03', '2026-12-07', '2026-12-10'],
    ],
    // A series starting on a Wednesday: the start is its first occurrence (RFC 5545), then Mondays and Thursdays.
    [
      'weekly from an off day',
      'FREQ=WEEKLY;BYDAY=MO,TH',
      '2026-12-02',
      ['2026-12-02', '2026-12-03', '2026-12-07'],
    ],
    [
      'weekly on the start’s weekday',
      'FREQ=WEEKLY',
      '2026-11-27',
      ['2026-11-27', '2026-12-04', '2026-12-11'],
    ],
    [
      'monthly on the 15th',
      'FREQ=MONTHLY;BYMONTHDAY=15',
      '2026-11-15',
      ['2026-11-15', '2026-12-15', '2027-01-15', '2027-02-15'],
    ],
    // RFC 5545: a month without a 31st has no occurrence.
    [
      'monthly on the 31st',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      '2027-01-31',
      ['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31', '2027-08-31'],
    ],
    [
      'monthly on the last day',
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      '2027-01-31',
      ['2027-01-31', '2027-02-28', '2027-03-31'],
    ],
    [
      'monthly on the last Friday',
      'FREQ=MONTHLY;BYDAY=-1FR',
      '2026-11-27',
      ['2026-11-27', '2026-12-25', '2027-01-29'],
    ],
    ['yearly', 'FREQ=YEARLY', '2026-03-14', ['2026-03-14', '2027-03-14', '2028-03-14']],
    [
      'yearly on 29 February',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
      '2028-02-29',
      ['2028-02-29', '2032-02-29'],
    ],
    ['every 3 days', 'FREQ=DAILY;INTERVAL=3', '2026-12-30', ['2026-12-30', '2027-01-02', '2027-01-05']],
    [
      'every 2 weeks',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
      '2026-12-01',
      ['2026-12-01', '2026-12-15', '2026-12-29'],
    ],
    ['every 6 months', 'FREQ=MONTHLY;INTERVAL=6', '2026-08-31', ['2026-08-31', '2027-08-31', '2028-08-31']],
    [
      'until a date (inclusive)',
      'FREQ=DAILY;UNTIL=20261203',
      '2026-12-01',
      ['2026-12-01', '2026-12-02', '2026-12-03'],
    ],
    [
      'until a UTC time',
      'FREQ=WEEKLY;UNTIL=20261215T235959Z',
      '2026-12-01',
      ['2026-12-01', '2026-12-08', '2026-12-15'],
    ],
    ['3 times', 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', '2026-11-30', ['2026-11-30', '2026-12-07', '2026-12-14']],
    // The start counts as the first even off the rule's days (RFC 5545), so 3 times is the start and 2 Mondays.
    [
      '3 times from an off day',
      'FREQ=WEEKLY;BYDAY=MO;COUNT=3',
      '2026-12-02',
      ['2026-12-02', '2026-12-07', '2026-12-14'],
    ],
    ['once', 'FREQ=DAILY;COUNT=1', '2026-12-01', ['2026-12-01']],
  ])('%s', (_name, rule, start, expected) => {
    expect(series(rule, start, 12).slice(0, expected.length)).toEqual(expected);
    if (/COUNT|UNTIL/.test(rule)) expect(series(rule, start, 12)).toEqual(expected);
  });

  it('is strictly after the current due date, counted from the series’ start', () => {
    // The occurrence was moved to a Wednesday: the next is the rule's next day after it.
    expect(nextDueDate('FREQ=WEEKLY;BYDAY=MO,TH', '2026-11-30', '2026-12-09')).toBe('2026-12-10');
    // Every 2 weeks keeps the phase of the series' start, not of the moved occurrence.
    expect(nextDueDate('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', '2026-12-01', '2026-12-02')).toBe('2026-12-15');
  });

  it('reads a due date sent as a date-time by its date part', () => {
    expect(nextDueDate('FREQ=DAILY', '2026-12-31', '2026-12-31T23:30:00-05:00')).toBe('2027-01-01');
  });

  it.each(['UTC', 'America/New_York', 'Europe/Berlin', 'Pacific/Auckland', 'Pacific/Kiritimati'])(
    'never shifts a day across daylight saving time (process zone %s)',
    (zone) => {
      const before = process.env.TZ;
      process.env.TZ = zone;
      try {
        // Europe and the US change clocks on these Sundays of 2027.
        expect(series('FREQ=DAILY', '2027-03-26', 5)).toEqual([
          '2027-03-26',
          '2027-03-27',
          '2027-03-28',
          '2027-03-29',
          '2027-03-30',
        ]);
        expect(series('FREQ=WEEKLY', '2027-03-12', 3)).toEqual(['2027-03-12', '2027-03-19', '2027-03-26']);
        expect(series('FREQ=WEEKLY;BYDAY=SU', '2027-10-24', 3)).toEqual([
          '2027-10-24',
          '2027-10-31',
          '2027-11-07',
        ]);
      } finally {
        process.env.TZ = before;
      }
    },
  );
});

describe('a rule', () => {
  it.each([
    ['an unknown part', 'FREQ=DAILY;FOO=1'],
    ['a DTSTART', 'FREQ=DAILY;DTSTART=20260101'],
    ['a time zone', 'FREQ=DAILY;TZID=EUROPE'],
    ['a time of day', 'FREQ=DAILY;BYHOUR=9'],
    ['a repeated part', 'FREQ=DAILY;INTERVAL=2;INTERVAL=3'],
    ['a bad weekday', 'FREQ=WEEKLY;BYDAY=XX'],
    ['a count that is not a number', 'FREQ=DAILY;COUNT=ABC'],
    ['a count of 0', 'FREQ=DAILY;COUNT=0'],
    ['an interval of 0', 'FREQ=DAILY;INTERVAL=0'],
    ['an interval too large', 'FREQ=DAILY;INTERVAL=5000'],
    ['a 13th month', 'FREQ=YEARLY;BYMONTH=13'],
    ['a 32nd day', 'FREQ=MONTHLY;BYMONTHDAY=32'],
    ['a date that does not exist as UNTIL', 'FREQ=DAILY;UNTIL=20261399'],
    ['a year as UNTIL', 'FREQ=DAILY;UNTIL=2026'],
    ['both COUNT and UNTIL', 'FREQ=DAILY;COUNT=3;UNTIL=20261231'],
    ['a date that never comes', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'],
    ['a weekday the interval never meets', 'FREQ=DAILY;INTERVAL=7;BYDAY=MO'],
    ['a sixth Monday', 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6'],
    ['a numbered weekday in a weekly rule', 'FREQ=WEEKLY;BYDAY=-1FR'],
    ['a month in a monthly rule', 'FREQ=MONTHLY;BYMONTH=2'],
    ['a 54th week', 'FREQ=YEARLY;BYDAY=54MO'],
    ['no FREQ', 'INTERVAL=2'],
    ['an hourly one', 'FREQ=HOURLY'],
  ])('with %s is refused with the sentence', (_name, rule) => {
    expect(refusal(() => checkedRule(rule, '2026-12-01'))).toEqual({
      status: 400,
      message: recurrenceMessages.invalid,
    });
  });

  it('that never comes is refused at once, not after rrule looked up to the year 9999', () => {
    const started = performance.now();
    // A Tuesday, and a month without a 31st.
    for (const [rule, start] of [
      ['FREQ=DAILY;BYDAY=MO;INTERVAL=7', '2026-12-01'],
      ['FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31', '2026-11-30'],
    ] as const)
      expect(refusal(() => checkedRule(rule, start))).toMatchObject({ status: 400 });
    // Each alone took seconds from 2026 on.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('needs a due date', () => {
    expect(refusal(() => seriesColumns('FREQ=DAILY', null, null))).toEqual({
      status: 400,
      message: recurrenceMessages.needsDueDate,
    });
  });

  it('starts a series when first given, keeps it when changed, and ends it when cleared', () => {
    expect(seriesColumns(undefined, '2026-12-01', null)).toEqual({});
    const first = seriesColumns('FREQ=DAILY', '2026-12-01T10:00:00Z', null);
    expect(first).toEqual({
      recurrence: 'FREQ=DAILY',
      series_id: expect.any(String),
      series_start: '2026-12-01',
    });
    // A later occurrence (its due date is not the start).
    const later = {
      recurrence: 'FREQ=DAILY',
      series_id: 'series-1',
      series_start: '2026-11-01',
      due_date: '2026-11-03',
    };
    expect(seriesColumns(undefined, '2026-12-09', later)).toEqual({});
    expect(seriesColumns('FREQ=WEEKLY', '2026-12-09', later)).toEqual({
      recurrence: 'FREQ=WEEKLY',
      series_start: '2026-11-01',
    });
    expect(seriesColumns(null, '2026-12-09', later)).toEqual({
      recurrence: null,
      series_id: null,
      series_start: null,
    });
  });

  it('moved on its first occurrence starts the series at the new date', () => {
    const first = {
      recurrence: 'FREQ=YEARLY',
      series_id: 'series-1',
      series_start: '2026-12-24',
      due_date: '2026-12-24',
    };
    expect(seriesColumns(undefined, '2026-12-25', first)).toEqual({
      recurrence: 'FREQ=YEARLY',
      series_start: '2026-12-25',
    });
    expect(seriesColumns(undefined, '2026-12-24T08:00:00Z', first)).toEqual({});
    // Where the rule never falls from the new start, the move is refused.
    const february = {
      ...first,
      recurrence: 'FREQ=YEARLY;BYMONTH=2',
      series_start: '2027-02-27',
      due_date: '2027-02-27',
    };
    expect(refusal(() => seriesColumns(undefined, '2027-01-30', february))).toEqual({
      status: 400,
      message: recurrenceMessages.invalid,
    });
  });
});

describe('the calendar’s RRULE', () => {
  it.each([
    [
      'a plain rule as it is',
      'FREQ=WEEKLY;BYDAY=MO,TH',
      '2026-11-30',
      '2026-12-03',
      'FREQ=WEEKLY;BYDAY=MO,TH',
    ],
    ['weekly, with the start’s weekday', 'FREQ=WEEKLY', '2026-11-27', '2026-12-11', 'FREQ=WEEKLY;BYDAY=FR'],
    [
      'monthly, with the start’s day',
      'FREQ=MONTHLY',
      '2026-11-30',
      '2027-03-30',
      'FREQ=MONTHLY;BYMONTHDAY=30',
    ],
    [
      'yearly, with the start’s date',
      'FREQ=YEARLY',
      '2026-03-14',
      '2027-03-14',
      'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14',
    ],
    [
      'COUNT as the series’ last date',
      'FREQ=WEEKLY;BYDAY=MO;COUNT=3',
      '2026-11-30',
      '2026-12-07',
      'FREQ=WEEKLY;BYDAY=MO;UNTIL=20261214',
    ],
    [
      'UNTIL as a date',
      'FREQ=DAILY;UNTIL=20261215T235959Z',
      '2026-12-01',
      '2026-12-02',
      'FREQ=DAILY;UNTIL=20261215',
    ],
    ['none on the last occurrence', 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', '2026-11-30', '2026-12-14', null],
  ])('%s', (_name, rule, start, current, expected) => {
    expect(feedRule(rule, start, current)).toBe(expected);
  });
});
