import { dueDate as dueDateSchema } from '@baton/contracts';

/** What a file's date cell says: no date, a due date Baton stores, or something that is not a date. */
export type DateCell = { date: string | null } | { bad: true };

const none: DateCell = { date: null };
const bad: DateCell = { bad: true };

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** `YYYY-MM-DD` of a year, month (1–12) and day that exist (no 30 February). */
function calendarDate(year: number, month: number, day: number): DateCell {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return bad;
  return { date: date.toISOString().slice(0, 10) };
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
// "6 May 2024", "6 May 2024 10:00", "May 6 2024", "May 6, 2024" (Todoist writes English month names).
const dayMonthYear = /^(\d{1,2}) ([a-z]{3})[a-z]*\.? (\d{4})(?: \d{1,2}:\d{2}(?: ?[ap]m)?)?$/i;
const monthDayYear = /^([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})(?: \d{1,2}:\d{2}(?: ?[ap]m)?)?$/i;

/**
 * A Todoist DATE (or DEADLINE) cell: Todoist writes the due date as typed, so an ISO date (with or without
 * a time) and English "6 May 2024" / "May 6, 2024" forms are read, the time dropped (Baton's due dates are
 * days); relative or repeating ones ("tomorrow", "every monday") name no day and are refused.
 */
export function todoistDate(cell: string | undefined): DateCell {
  const text = (cell ?? '').trim();
  if (!text) return none;
  const iso = isoDay.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = dayMonthYear.exec(text);
  if (dmy) return monthNamed(dmy[2] ?? '', Number(dmy[1]), Number(dmy[3]));
  const mdy = monthDayYear.exec(text);
  if (mdy) return monthNamed(mdy[1] ?? '', Number(mdy[2]), Number(mdy[3]));
  return bad;
}

function monthNamed(name: string, day: number, year: number) {
  const month = months.indexOf(name.toLowerCase()) + 1;
  return month === 0 ? bad : calendarDate(year, month, day);
}

/**
 * A Trello `due`: an instant (Trello sets noon of the chosen day, local time, by default); its UTC day is the
 * chosen day for any zone within twelve hours of UTC.
 */
export function trelloDate(due: unknown): DateCell {
  if (due === null || due === undefined || due === '') return none;
  if (typeof due !== 'string') return bad;
  const at = new Date(due);
  return Number.isNaN(at.getTime()) ? bad : { date: at.toISOString().slice(0, 10) };
}

/** A Baton export's due date: what the task form takes (a day, or a day with a time), or none. */
export function batonDate(cell: unknown): DateCell {
  if (cell === null || cell === undefined || cell === '') return none;
  const parsed = dueDateSchema.safeParse(cell);
  if (!parsed.success) return bad;
  const [year, month, day] = parsed.data.slice(0, 10).split('-').map(Number);
  return 'bad' in calendarDate(year ?? 0, month ?? 0, day ?? 0) ? bad : { date: parsed.data };
}
