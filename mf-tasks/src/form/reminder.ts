import type { Reminder } from '@baton/contracts';
import { tt } from '../i18n';

/** The hour a reminder starts at when the person's own (their digest hour) cannot be read. */
export const fallbackReminderHour = 9;

/** The form's choices of days before the due date; null is no reminder. */
export const reminderDayChoices: readonly (number | null)[] = [null, 0, 1, 2, 7];

/** "On the due day", "1 day before", "A week before"; "None" for no reminder. */
export function reminderDaysName(days: number | null) {
  if (days === null) return tt('reminderNone');
  if (days === 0) return tt('reminderOnDay');
  if (days === 7) return tt('reminderWeek');
  return tt('reminderDays', { count: days });
}

/** "09:00". */
export const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** "Reminder: 1 day before at 09:00", for a task's card. */
export function reminderLabel({ daysBefore, hour }: NonNullable<Reminder>) {
  const at = hourName(hour);
  if (daysBefore === 0) return tt('reminderLabelOnDay', { hour: at });
  if (daysBefore === 7) return tt('reminderLabelWeek', { hour: at });
  return tt('reminderLabelDays', { count: daysBefore, hour: at });
}

/** What the form chose: days before (null: none) and an hour (null: the person's default, not yet chosen). */
export interface ReminderChoice {
  days: number | null;
  hour: number | null;
}

export const reminderChoiceOf = (reminder: Reminder | undefined): ReminderChoice =>
  reminder ? { days: reminder.daysBefore, hour: reminder.hour } : { days: null, hour: null };

/** The task payload's `reminder`: none, or the days at the chosen hour (else the default one). */
export const reminderPayload = (choice: ReminderChoice, defaultHour: number): Reminder =>
  choice.days === null ? null : { daysBefore: choice.days, hour: choice.hour ?? defaultHour };
