/**
 * Repeat rules: RFC 5545 RRULEs without DTSTART, whose DTSTART is the series' first due date. Due dates are
 * calendar dates, so rules are expanded on UTC-midnight dates, where no time zone or DST change can shift a day.
 */

import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { recurrenceMessages } from '@baton/contracts/constants';
import { badRequest } from '@baton/service-kit';
import type * as RRuleModule from 'rrule';

// rrule ships a UMD bundle whose exports Node's ESM loader (tsx, in production) cannot name: required instead.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRuleModule;
type RuleOptions = Partial<RRuleModule.Options>;

/**
 * The parts a rule of each frequency may hold: what the task form writes (daily, weekdays, weekly on days,
 * monthly on a day, yearly, every N, until a date, N times) and their plain RFC 5545 relatives (last Friday of
 * the month, second Tuesday of March). No DTSTART, TZID or times of day: a due date is a calendar date.
 */
const common = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'WKST'];
const allowedParts: Record<string, Set<string>> = {
  DAILY: new Set([...common, 'BYDAY']),
  WEEKLY: new Set([...common, 'BYDAY']),
  MONTHLY: new Set([...common, 'BYDAY', 'BYMONTHDAY', 'BYSETPOS']),
  YEARLY: new Set([...common, 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'BYSETPOS']),
};
/** INTERVAL and COUNT stay below this: enough for any repeating task, and cheap to expand. */
const maxNumber = 1000;
/** A rule must fall at least once in this many years after its start (`FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30` never does). */
const occursWithinYears = 10;
/** rrule's last year: it looks for a rule's next date until then. */
const maxYear = 9999;

const weekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const dayMs = 86_400_000;

const invalid = () => badRequest(recurrenceMessages.invalid);

const isInt = (value: string, min: number, max: number) =>
  /^[+-]?\d{1,4}$/.test(value) && Number(value) >= min && Number(value) <= max && Number(value) !== 0;
const allInts = (value: string, min: number, max: number) =>
  value.split(',').every((v) => isInt(v, min, max));

/** A date written as YYYYMMDD, optionally with a UTC time, that is a real date. */
function isUntil(value: string) {
  const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  return isoDate(new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))) === `${y}-${m}-${d}`;
}

/** Each part's value is one RFC 5545 allows, within Baton's bounds (rrule itself lets some nonsense through). */
const partChecks: Record<string, (value: string) => boolean> = {
  FREQ: (v) => ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(v),
  INTERVAL: (v) => isInt(v, 1, maxNumber) && !v.startsWith('-'),
  COUNT: (v) => isInt(v, 1, maxNumber) && !v.startsWith('-'),
  UNTIL: isUntil,
  BYDAY: (v) =>
    v.split(',').every((day) => /^([+-]?([1-9]|[1-4]\d|5[0-3]))?(MO|TU|WE|TH|FR|SA|SU)$/.test(day)),
  BYMONTHDAY: (v) => allInts(v, -31, 31),
  BYMONTH: (v) => allInts(v, 1, 12),
  BYSETPOS: (v) => allInts(v, -366, 366),
  WKST: (v) => (weekdays as readonly string[]).includes(v),
};

/** The rule's parts, in order; 400 with the sentence when a part is unknown, repeated or out of bounds. */
function partsOf(rule: string) {
  const parts = new Map<string, string>();
  for (const part of rule.trim().split(';')) {
    const [key = '', value, ...extra] = part.split('=');
    const check = partChecks[key];
    if (!check || value === undefined || extra.length > 0 || parts.has(key) || !check(value)) throw invalid();
    parts.set(key, value);
  }
  const allowed = allowedParts[parts.get('FREQ') ?? ''];
  if (!allowed || [...parts.keys()].some((key) => !allowed.has(key))) throw invalid();
  if (parts.has('COUNT') && parts.has('UNTIL')) throw invalid();
  // A numbered weekday (the last Friday) is one of a month's or a year's, not of a day or a week.
  const freq = parts.get('FREQ');
  if ((freq === 'DAILY' || freq === 'WEEKLY') && /\d/.test(parts.get('BYDAY') ?? '')) throw invalid();
  return parts;
}

/** rrule's options of the rule, or 400 when rrule cannot read it. */
function optionsOf(rule: string): RuleOptions {
  try {
    return RRule.parseString(rule.trim());
  } catch {
    throw invalid();
  }
}

/** A due date ('YYYY-MM-DD', or an ISO date-time: its date part) as that date's UTC midnight; null if none. */
export function dateOf(due: string | null | undefined) {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(due ?? '');
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A UTC-midnight date as 'YYYY-MM-DD'. */
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const compactDate = (date: Date) => isoDate(date).replaceAll('-', '');

/** The rule's dates from `start` (its DTSTART), COUNT left out: `series` counts as RFC 5545 does. */
const expansionOf = (rule: string, start: Date) => {
  const { count, ...options } = optionsOf(rule);
  return { rule: new RRule({ ...options, dtstart: start }), count: count ?? null };
};

/**
 * The rule, checked: 400 `recurrenceMessages.invalid` unless rrule reads it, every part is one Baton allows, and
 * it falls on some date within ten years of `seriesStart`.
 */
export function checkedRule(rule: string, seriesStart: string) {
  partsOf(rule);
  const start = dateOf(seriesStart);
  if (!start) throw badRequest(recurrenceMessages.needsDueDate);
  // rrule looks for a date that never comes until its last year: the same rule is tried 400 years on (when
  // the Gregorian calendar repeats itself, weekdays and leap years alike), close to that year, so it gives up soon.
  const { count: _count, until: _until, ...options } = optionsOf(rule);
  const years = Math.floor((maxYear - occursWithinYears - start.getUTCFullYear()) / 400) * 400;
  const later = new Date(start);
  later.setUTCFullYear(start.getUTCFullYear() + years);
  const end = new Date(later.getTime() + occursWithinYears * 366 * dayMs);
  const some = new RRule({ ...options, dtstart: later }).between(later, end, true, (_date, i) => i < 1);
  if (some.length === 0) throw invalid();
  return rule.trim();
}

/** What a repeating task stores of its series. */
export interface Series {
  recurrence: string | null;
  series_id: string | null;
  series_start: string | null;
}

/** A task being changed: its series, and its due date before the change. */
export type CurrentSeries = Series & { due_date: string | null };

/**
 * The repeat rule's columns from a form, for a new task or `current` (with its due date before the change):
 * absent keeps the rule, null makes the task a one-off, a rule needs a due date (400 `needsDueDate`). A rule
 * given to a task that had none starts a series at its due date; a changed rule keeps the series, so it applies
 * from the next occurrence on. Moving the series' first occurrence (its due date is the start) moves the start.
 */
export function seriesColumns(
  rule: string | null | undefined,
  dueDate: string | null | undefined,
  current: CurrentSeries | null,
): Partial<Series> {
  if (rule === null) return { recurrence: null, series_id: null, series_start: null };
  const due = dateOf(dueDate);
  const { recurrence, series_id, series_start } = current ?? {};
  if (recurrence && series_id && series_start) {
    const first = current && dateOf(current.due_date)?.getTime() === dateOf(series_start)?.getTime();
    const start = first && due ? isoDate(due) : series_start;
    if (rule === undefined && start === series_start) return {};
    // The start moved or the rule changed: the rule must still fall on dates from that start.
    return { recurrence: checkedRule(rule ?? recurrence, start), series_start: start };
  }
  if (rule === undefined) return {};
  if (!due) throw badRequest(recurrenceMessages.needsDueDate);
  return { recurrence: checkedRule(rule, isoDate(due)), series_id: randomUUID(), series_start: isoDate(due) };
}

/**
 * Where `date` falls in the series, counting as RFC 5545 does (DTSTART is the first occurrence even when the
 * rule would not pick it): 1 for the start.
 */
function positionOf(rule: RRuleModule.RRule, start: Date, date: Date) {
  const dates = rule.between(start, date, true);
  return dates.length + (dates[0]?.getTime() === start.getTime() ? 0 : 1);
}

/**
 * The next occurrence's due date ('YYYY-MM-DD'): the rule's first date strictly after the current one's due
 * date, counted from the series' start; null when the series ended (UNTIL passed, COUNT reached).
 */
export function nextDueDate(rule: string, seriesStart: string, currentDue: string) {
  const start = dateOf(seriesStart);
  const current = dateOf(currentDue);
  if (!start || !current) return null;
  const { rule: expanded, count } = expansionOf(rule, start);
  const next = expanded.after(current, false);
  if (!next) return null;
  if (count !== null && positionOf(expanded, start, next) > count) return null;
  return isoDate(next);
}

/** The series' last date under COUNT (RFC 5545 counting: DTSTART is the first). */
function lastOfCount(rule: RRuleModule.RRule, start: Date, count: number) {
  const dates = rule.all((_date, i) => i < count);
  if (dates[0]?.getTime() !== start.getTime()) dates.unshift(start);
  return dates[count - 1] ?? dates[dates.length - 1] ?? start;
}

/**
 * The RRULE of the current occurrence as a calendar should repeat it from its own due date (its DTSTART in the
 * feed): the parts the rule took from the series' start written out, COUNT turned into the series' last date,
 * and UNTIL a DATE as RFC 5545 wants with an all-day DTSTART. Null when no occurrence follows this one.
 */
export function feedRule(rule: string, seriesStart: string, currentDue: string) {
  const start = dateOf(seriesStart);
  if (!start || nextDueDate(rule, seriesStart, currentDue) === null) return null;
  const parts = partsOf(rule);
  const { rule: expanded, count } = expansionOf(rule, start);
  parts.delete('COUNT');
  const until = count !== null ? lastOfCount(expanded, start, count) : expanded.options.until;
  if (until) parts.set('UNTIL', compactDate(until));
  const freq = parts.get('FREQ');
  const day = weekdays[(start.getUTCDay() + 6) % 7] as string;
  const byDate = parts.has('BYDAY') || parts.has('BYMONTHDAY');
  if (freq === 'WEEKLY' && !parts.has('BYDAY')) parts.set('BYDAY', day);
  if (freq === 'MONTHLY' && !byDate) parts.set('BYMONTHDAY', String(start.getUTCDate()));
  if (freq === 'YEARLY' && !byDate) {
    if (!parts.has('BYMONTH')) parts.set('BYMONTH', String(start.getUTCMonth() + 1));
    parts.set('BYMONTHDAY', String(start.getUTCDate()));
  }
  return [...parts].map(([key, value]) => `${key}=${value}`).join(';');
}
