import { currentLanguage } from '@baton/web-platform';
import { tt } from '../i18n';
import { formatDueDay } from '../rules';

/**
 * The task form's repeat rule and the RFC 5545 RRULE it stands for (`recurrence` in the task payload). The
 * field offers a small subset (daily, weekdays, weekly on chosen days, monthly on a day, yearly; every N; until
 * a date or N times), so it is built and read here by hand rather than with `rrule` in the browser bundle: the
 * tasks service parses and expands it. A rule the field cannot show (set elsewhere) is kept as it is.
 */

export const frequencies = ['none', 'daily', 'weekdays', 'weekly', 'monthly', 'yearly'] as const;
export type RepeatFrequency = (typeof frequencies)[number];

export const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof weekdays)[number];
/** A weekday's name in the person's language ("Mon", "Monday"; "Mo.", "Montag"): 5 Jan 2026 was a Monday. */
export const weekdayName = (day: Weekday, width: 'short' | 'long') =>
  new Intl.DateTimeFormat(currentLanguage(), { weekday: width, timeZone: 'UTC' }).format(
    Date.UTC(2026, 0, 5 + weekdays.indexOf(day)),
  );
const workWeek: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

export type RepeatEnd = 'never' | 'until' | 'count';

export interface RepeatChoice {
  frequency: RepeatFrequency;
  /** Every N days, weeks, months or years. */
  interval: number;
  /** Weekly: the days, Monday first. */
  days: Weekday[];
  /** Monthly: the day of the month. */
  monthDay: number;
  end: RepeatEnd;
  /** `end` 'until': the last possible date (YYYY-MM-DD). */
  until: string;
  /** `end` 'count': how many occurrences in all. */
  count: number;
  /** A rule this field cannot show: sent back unchanged. */
  custom: string | null;
}

export const repeatLimits = { intervalMax: 99, countMax: 999 } as const;

/** The weekday of a calendar date (YYYY-MM-DD), or Monday without one. */
function weekdayOf(dueDate: string): Weekday {
  const day = new Date(`${dueDate}T00:00:00Z`).getUTCDay();
  return Number.isNaN(day) ? 'MO' : (weekdays[(day + 6) % 7] as Weekday);
}

const dayOfMonth = (dueDate: string) => Number(dueDate.slice(8, 10)) || 1;

/** No repeat; the weekly and monthly choices start at the due date's weekday and day. */
export const noRepeat = (dueDate = ''): RepeatChoice => ({
  frequency: 'none',
  interval: 1,
  days: [weekdayOf(dueDate)],
  monthDay: dayOfMonth(dueDate),
  end: 'never',
  until: '',
  count: 5,
  custom: null,
});

const unitOf = { daily: 'unitDay', weekly: 'unitWeek', monthly: 'unitMonth', yearly: 'unitYear' } as const;

/** The unit of "every N …" for a frequency ("weeks"), or null where there is no interval to choose. */
export const intervalUnit = (frequency: RepeatFrequency, interval = 2) =>
  frequency === 'none' || frequency === 'weekdays' ? null : tt(unitOf[frequency], { count: interval });

const untilOf = (date: string) => date.replaceAll('-', '');

/** The RRULE of a choice (FREQ first, as the contract's pattern wants), or null for no repeat. */
export function buildRule(choice: RepeatChoice): string | null {
  if (choice.custom) return choice.custom;
  if (choice.frequency === 'none') return null;
  const parts: string[] = [];
  const every = choice.interval > 1 ? [`INTERVAL=${choice.interval}`] : [];
  switch (choice.frequency) {
    case 'daily':
      parts.push('FREQ=DAILY', ...every);
      break;
    case 'weekdays':
      parts.push('FREQ=WEEKLY', `BYDAY=${workWeek.join(',')}`);
      break;
    case 'weekly': {
      const days = weekdays.filter((day) => choice.days.includes(day));
      parts.push('FREQ=WEEKLY', ...every, ...(days.length ? [`BYDAY=${days.join(',')}`] : []));
      break;
    }
    case 'monthly':
      parts.push('FREQ=MONTHLY', ...every, `BYMONTHDAY=${choice.monthDay}`);
      break;
    case 'yearly':
      parts.push('FREQ=YEARLY', ...every);
      break;
  }
  if (choice.end === 'until' && choice.until) parts.push(`UNTIL=${untilOf(choice.until)}`);
  if (choice.end === 'count') parts.push(`COUNT=${choice.count}`);
  return parts.join(';');
}

const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'UNTIL', 'COUNT', 'WKST']);
const isWeekday = (value: string): value is Weekday => (weekdays as readonly string[]).includes(value);
const sameDays = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((day) => b.includes(day));

/** The field's choice for a stored rule (null: none); a rule outside the field's subset comes back as `custom`. */
export function parseRule(rule: string | null | undefined, dueDate = ''): RepeatChoice {
  const base = noRepeat(dueDate);
  if (!rule) return base;
  const custom = { ...base, custom: rule };
  const parts = new Map<string, string>();
  for (const part of rule.trim().split(';')) {
    const [key, value] = part.split('=');
    if (!key || value === undefined || !known.has(key) || parts.has(key)) return custom;
    parts.set(key, value);
  }
  const interval = Number(parts.get('INTERVAL') ?? 1);
  if (!Number.isInteger(interval) || interval < 1 || interval > repeatLimits.intervalMax) return custom;
  const byDay = parts.get('BYDAY')?.split(',') ?? [];
  if (!byDay.every(isWeekday)) return custom;
  const monthDay = parts.get('BYMONTHDAY');
  const choice: RepeatChoice = { ...base, interval };

  const until = parts.get('UNTIL');
  const count = parts.get('COUNT');
  if (until && count) return custom;
  if (until) {
    const date = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(until);
    if (!date) return custom;
    choice.end = 'until';
    choice.until = `${date[1]}-${date[2]}-${date[3]}`;
  } else if (count) {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1) return custom;
    choice.end = 'count';
    choice.count = n;
  }

  switch (parts.get('FREQ')) {
    case 'DAILY':
      if (monthDay) return custom;
      if (!byDay.length) return { ...choice, frequency: 'daily' };
      return interval === 1 && sameDays(byDay, workWeek) ? { ...choice, frequency: 'weekdays' } : custom;
    case 'WEEKLY':
      if (monthDay) return custom;
      if (interval === 1 && sameDays(byDay, workWeek)) return { ...choice, frequency: 'weekdays' };
      return { ...choice, frequency: 'weekly', days: byDay.length ? byDay : choice.days };
    case 'MONTHLY': {
      if (byDay.length) return custom;
      if (monthDay === undefined) return { ...choice, frequency: 'monthly' };
      const day = Number(monthDay);
      if (!Number.isInteger(day) || day < 1 || day > 31) return custom;
      return { ...choice, frequency: 'monthly', monthDay: day };
    }
    case 'YEARLY':
      return byDay.length || monthDay ? custom : { ...choice, frequency: 'yearly' };
    default:
      return custom;
  }
}

/** "Mon", "Mon and Thu", "Mon, Wed and Fri". */
function listOf(words: string[]) {
  if (words.length < 2) return words.join('');
  return tt('listAnd', { head: words.slice(0, -1).join(', '), last: words.at(-1) });
}

/** What the rule says, for the form's hint and the card: "Repeats weekly on Mon and Thu, 5 times". */
export function describeChoice(choice: RepeatChoice): string {
  if (choice.custom) return tt('repeatsCustom');
  if (choice.frequency === 'none') return tt('repeatNone');
  const every = (frequency: keyof typeof unitOf, adverb: Parameters<typeof tt>[0]) =>
    choice.interval > 1
      ? tt('everyN', { count: choice.interval, unit: intervalUnit(frequency, choice.interval) })
      : tt(adverb);
  let rule: string;
  switch (choice.frequency) {
    case 'daily':
      rule = every('daily', 'adverbDaily');
      break;
    case 'weekdays':
      rule = tt('everyWeekday');
      break;
    case 'weekly': {
      const days = weekdays
        .filter((day) => choice.days.includes(day))
        .map((day) => weekdayName(day, 'short'));
      const each = every('weekly', 'adverbWeekly');
      rule = days.length ? tt('onDays', { rule: each, days: listOf(days) }) : each;
      break;
    }
    case 'monthly':
      rule = tt('onMonthDay', { rule: every('monthly', 'adverbMonthly'), day: choice.monthDay });
      break;
    case 'yearly':
      rule = every('yearly', 'adverbYearly');
      break;
  }
  const end =
    choice.end === 'until' && choice.until
      ? tt('untilDate', { date: formatDueDay(choice.until) })
      : choice.end === 'count'
        ? tt('countTimes', { count: choice.count })
        : '';
  return tt('repeats', { rule, end });
}

/** The card's line for a stored rule. */
export const describeRule = (rule: string) => describeChoice(parseRule(rule));

/** The first problem of a choice, as a sentence, or null. */
export function repeatProblem(choice: RepeatChoice, dueDate: string): string | null {
  if (choice.custom || choice.frequency === 'none') return null;
  const whole = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!whole(choice.interval, repeatLimits.intervalMax))
    return tt('repeatIntervalProblem', {
      max: repeatLimits.intervalMax,
      unit: intervalUnit(choice.frequency) ?? '',
    });
  if (choice.frequency === 'weekly' && choice.days.length === 0) return tt('repeatDaysProblem');
  if (choice.frequency === 'monthly' && !whole(choice.monthDay, 31)) return tt('repeatMonthDayProblem');
  if (choice.end === 'until' && (!choice.until || (dueDate && choice.until < dueDate)))
    return tt('repeatUntilProblem');
  if (choice.end === 'count' && !whole(choice.count, repeatLimits.countMax))
    return tt('repeatCountProblem', { max: repeatLimits.countMax });
  return null;
}
