import { timeOf } from '@baton/ui';

export const groups = ['Today', 'Yesterday', 'This Week', 'Earlier'] as const;
export type Group = (typeof groups)[number];

/** Local midnight `days` days after `date`'s (Date arithmetic on the calendar, so DST days still count as one). */
const midnight = (date: Date, days = 0) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days).getTime();

/** The list heading of SPEC §2: Today, Yesterday, This Week (weeks start on Monday), else Earlier. */
export function groupOf(iso: string | null | undefined, now: Date = new Date()): Group {
  const time = timeOf(iso);
  if (time === null) return 'Earlier';
  // A time slightly in the future (clock skew) still belongs to today.
  if (time >= midnight(now)) return 'Today';
  if (time >= midnight(now, -1)) return 'Yesterday';
  // getDay(): 0 is Sunday; days since this week's Monday.
  const sinceMonday = (now.getDay() + 6) % 7;
  if (time >= midnight(now, -sinceMonday)) return 'This Week';
  return 'Earlier';
}
