import { recurrenceRule } from '@baton/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildRule,
  describeChoice,
  describeRule,
  noRepeat,
  parseRule,
  repeatProblem,
  weekdays,
} from './recurrence';

const choice = (patch: Partial<ReturnType<typeof noRepeat>>) => ({ ...noRepeat('2026-12-03'), ...patch });

describe('the repeat rule as an RRULE', () => {
  it.each([
    [choice({}), null],
    [choice({ frequency: 'daily' }), 'FREQ=DAILY'],
    [choice({ frequency: 'daily', interval: 3 }), 'FREQ=DAILY;INTERVAL=3'],
    [choice({ frequency: 'weekdays' }), 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    // Days in the week's order, whatever order they were ticked in.
    [choice({ frequency: 'weekly', days: ['TH', 'MO'] }), 'FREQ=WEEKLY;BYDAY=MO,TH'],
    [
      choice({ frequency: 'weekly', interval: 2, days: ['SU'], end: 'count', count: 5 }),
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;COUNT=5',
    ],
    [choice({ frequency: 'monthly', monthDay: 15 }), 'FREQ=MONTHLY;BYMONTHDAY=15'],
    [choice({ frequency: 'yearly', end: 'until', until: '2030-01-31' }), 'FREQ=YEARLY;UNTIL=20300131'],
  ] as const)('%o → %s', (value, rule) => {
    expect(buildRule(value)).toBe(rule);
    // What the form sends passes the contract's check, and reads back as the same choice.
    if (rule) {
      expect(recurrenceRule.safeParse(rule).success).toBe(true);
      const days = weekdays.filter((day) => (value.days as readonly string[]).includes(day));
      expect(parseRule(rule, '2026-12-03')).toEqual({ ...value, days });
    }
  });

  it('starts weekly and monthly at the due date’s weekday and day', () => {
    // 3 December 2026 is a Thursday.
    expect(noRepeat('2026-12-03')).toMatchObject({ days: ['TH'], monthDay: 3 });
    expect(parseRule('FREQ=WEEKLY', '2026-12-03')).toMatchObject({ frequency: 'weekly', days: ['TH'] });
    expect(parseRule('FREQ=MONTHLY', '2026-12-03')).toMatchObject({ frequency: 'monthly', monthDay: 3 });
  });

  it('reads rules written elsewhere that it can show (DAILY on weekdays, a dated UNTIL)', () => {
    expect(parseRule('FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR')).toMatchObject({ frequency: 'weekdays' });
    expect(parseRule('FREQ=DAILY;UNTIL=20270301T000000Z')).toMatchObject({
      frequency: 'daily',
      end: 'until',
      until: '2027-03-01',
    });
  });

  it.each([
    'FREQ=MONTHLY;BYDAY=1MO',
    'FREQ=WEEKLY;BYSETPOS=1;BYDAY=MO',
    'FREQ=HOURLY',
    'FREQ=DAILY;COUNT=2;UNTIL=20270101',
    'FREQ=DAILY;INTERVAL=0',
  ])('keeps a rule it cannot show as it is: %s', (rule) => {
    const parsed = parseRule(rule);
    expect(parsed.custom).toBe(rule);
    expect(buildRule(parsed)).toBe(rule);
    expect(describeChoice(parsed)).toBe('Repeats (a custom rule)');
  });

  it('says the rule in words', () => {
    expect(describeRule('FREQ=WEEKLY;BYDAY=MO,TH')).toBe('Repeats weekly on Mon and Thu');
    expect(describeRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;COUNT=1')).toBe(
      'Repeats every 2 weeks on Mon, Wed and Fri, 1 time',
    );
    expect(describeRule('FREQ=DAILY;INTERVAL=3;COUNT=4')).toBe('Repeats every 3 days, 4 times');
    expect(describeRule('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')).toBe('Repeats every weekday');
    expect(describeRule('FREQ=MONTHLY;BYMONTHDAY=31')).toBe('Repeats monthly on day 31');
    expect(describeRule('FREQ=YEARLY;UNTIL=20300131')).toMatch(/^Repeats yearly, until .*2030/);
  });

  it('refuses what the server would: no day, every 0, an end before the due date', () => {
    expect(repeatProblem(choice({ frequency: 'weekly', days: [] }), '2026-12-03')).toBe(
      'Choose at least one day of the week to repeat on.',
    );
    expect(repeatProblem(choice({ frequency: 'daily', interval: 0 }), '2026-12-03')).toBe(
      'Repeat every 1 to 99 days.',
    );
    expect(repeatProblem(choice({ frequency: 'monthly', monthDay: 32 }), '2026-12-03')).toMatch(/1 to 31/);
    expect(
      repeatProblem(choice({ frequency: 'daily', end: 'until', until: '2026-12-02' }), '2026-12-03'),
    ).toBe('The repeat end date must be on or after the due date.');
    expect(repeatProblem(choice({ frequency: 'daily', end: 'count', count: Number.NaN }), '')).toMatch(
      /1 to 999 times/,
    );
    expect(repeatProblem(choice({ frequency: 'daily' }), '2026-12-03')).toBeNull();
  });
});
