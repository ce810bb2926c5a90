import { currentLanguage } from '@baton/web-platform';
import { tt } from '../i18n';

const hour = 3_600_000;
const day = 24 * hour;

/** SPEC §9: under 1 hour "Just now"; under 24 hours "N hours ago"; under 48 hours "1 day ago"; then "N days ago". */
export function timeAgo(iso: string, now: number) {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed < hour) return tt('justNow');
  const ago = new Intl.RelativeTimeFormat(currentLanguage(), { numeric: 'always' });
  if (elapsed < day) return ago.format(-Math.floor(elapsed / hour), 'hour');
  return ago.format(-Math.floor(elapsed / day), 'day');
}

/** Whole calendar days from `today` (local) to the due date's day. */
function daysUntil(dueDate: string, now: Date) {
  const [y, m, d] = dueDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const due = Date.UTC(y, m - 1, d);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((due - today) / day);
}

/** SPEC §9 due labels. */
export function dueLabel(dueDate: string, now: Date) {
  const days = daysUntil(dueDate, now);
  if (days < 0) return tt('daysOverdue', { count: -days });
  if (days === 0) return tt('dueToday');
  if (days === 1) return tt('dueTomorrow');
  return tt('dueInDays', { count: days });
}

/** "Good morning" before noon, "Good afternoon" until 6 pm, then "Good evening". */
export function greeting(now: Date) {
  const hourOfDay = now.getHours();
  if (hourOfDay < 12) return tt('greetingMorning');
  if (hourOfDay < 18) return tt('greetingAfternoon');
  return tt('greetingEvening');
}
