import type {
  DigestFrequency,
  EmailMode,
  NotificationEvent,
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '@baton/contracts';

/** Each event as the person thinks of it, in the table's order. */
export const eventNames: Record<NotificationEvent, string> = {
  assigned: 'Assigned to me',
  invited: 'Invited',
  accepted: 'My delegated task accepted',
  declined: 'My delegated task declined',
  date_proposed: 'New due date proposed for a task I delegated',
  proposal_answered: 'Answer to a due date I proposed',
  reassigned: 'A task taken back from me',
  nudged: 'Nudge about a task I hold',
  completed: 'My delegated task completed',
  progress: 'Progress note on a task I delegated',
  comment: "Comment on a task I'm in",
  due_soon: 'Due soon (reminder)',
  overdue: 'Overdue',
};

/** The table's channels: the column heading, and the words that end each control's name ("Overdue: e-mail"). */
export const channels = {
  inApp: { heading: 'In the app', name: 'in the app' },
  email: { heading: 'E-mail', name: 'e-mail' },
  push: { heading: 'Push to this device', name: 'push to this device' },
} as const;

export const emailModeNames: Record<EmailMode, string> = {
  immediate: 'At once',
  digest: 'In the digest',
  off: 'Off',
};

export const frequencyNames: Record<DigestFrequency, string> = {
  off: 'Off',
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
};

/** 0 Sunday to 6 Saturday, as the contract counts them. */
export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** "09:00". */
export const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
export const hours = Array.from({ length: 24 }, (_, hour) => hour);

/** Applies a change (any subset of the preferences) to a copy or an immer draft of them. */
export function mergePreferences(saved: NotificationPreferences, change: NotificationPreferencesUpdate) {
  if (change.timezone !== undefined) saved.timezone = change.timezone;
  if (change.digest) Object.assign(saved.digest, change.digest);
  for (const [event, channels] of Object.entries(change.events ?? {}))
    Object.assign(saved.events[event as NotificationEvent], channels);
}

/** The time zone this browser runs in (an IANA name). */
export const detectedTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zones to choose from: every zone the browser knows, UTC, and the saved and detected ones when the list
 * lacks them (a browser may report an alias such as Etc/UTC or Asia/Calcutta), sorted.
 */
export function timeZoneChoices(...also: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...also])].sort();
}

/** "America/Port_of_Spain" → "America/Port of Spain". */
export const timeZoneName = (zone: string) => zone.replaceAll('_', ' ');
