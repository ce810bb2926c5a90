import { messages } from './messages';

export const groups = ['Today', 'Yesterday', 'This Week', 'Earlier'] as const;
export type Group = (typeof groups)[number];

/** Milliseconds since the epoch, or null for a missing or unreadable date. */
export function timeOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

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

/** "just now", "N min ago", "N hr ago", "1 day ago", "N days ago"; empty when there is no date. */
export function relativeTime(iso: string | null | undefined, now: Date = new Date()): string {
  const time = timeOf(iso);
  if (time === null) return '';
  const seconds = Math.max(0, Math.floor((now.getTime() - time) / 1000));
  if (seconds < 60) return messages.justNow;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return messages.minutesAgo(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return messages.hoursAgo(hours);
  return messages.daysAgo(Math.floor(hours / 24));
}
