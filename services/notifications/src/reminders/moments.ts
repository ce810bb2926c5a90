import type { Reminder } from '@baton/contracts';
import { DateTime } from 'luxon';

/** The hour of the morning after the due date when an overdue notice goes out, in the person's zone. */
export const overdueHour = 8;

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The start of the due date's calendar day in `zone`: a date is that day there; a moment is the day it falls
 * on there. Undefined for a due date that is not a date (and for an unknown zone, UTC is taken).
 */
export function dueDay(dueDate: string, zone: string) {
  const there = DateTime.now().setZone(zone).isValid ? zone : 'UTC';
  const day = calendarDate.test(dueDate)
    ? DateTime.fromISO(dueDate, { zone: there })
    : DateTime.fromISO(dueDate, { setZone: true }).setZone(there);
  return day.isValid ? day.startOf('day') : undefined;
}

/** When a reminder fires: `daysBefore` the due day, at `hour`:00 in `zone`. */
export function reminderMoment(dueDate: string, reminder: NonNullable<Reminder>, zone: string) {
  return dueDay(dueDate, zone)?.minus({ days: reminder.daysBefore }).set({ hour: reminder.hour }).toJSDate();
}

/** When an overdue notice fires: 08:00 in `zone` the day after the due day. */
export function overdueMoment(dueDate: string, zone: string) {
  return dueDay(dueDate, zone)?.plus({ days: 1 }).set({ hour: overdueHour }).toJSDate();
}
