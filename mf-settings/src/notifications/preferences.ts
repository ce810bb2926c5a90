import type {
  DigestFrequency,
  EmailMode,
  Language,
  NotificationEvent,
  NotificationPreferences,
  NotificationPreferencesUpdate,
} from '@baton/contracts';

/** Each event as the person thinks of it (its key in the book). */
export const eventKey = (event: NotificationEvent) => `event_${event}` as const;

/**
 * The table's channels, as keys of the book: the column heading, and the words that end each control's name
 * ("Overdue: e-mail").
 */
export const channels = {
  inApp: { heading: 'channelInAppHeading', name: 'channelInAppName' },
  email: { heading: 'channelEmailHeading', name: 'channelEmailName' },
  push: { heading: 'channelPushHeading', name: 'channelPushName' },
} as const;

export const emailModeKey = (mode: EmailMode) => `mode_${mode}` as const;
export const frequencyKey = (frequency: DigestFrequency) => `frequency_${frequency}` as const;

/** 0 Sunday to 6 Saturday, as the contract counts them, named by `Intl` in `language`. */
export function weekdayNames(language: Language) {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2023, 0, 1 + day)));
}

/** "09:00". */
export const hourName = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
export const hours = Array.from({ length: 24 }, (_, hour) => hour);

/** Applies a change (any subset of the preferences) to a copy or an immer draft of them. */
export function mergePreferences(saved: NotificationPreferences, change: NotificationPreferencesUpdate) {
  if (change.timezone !== undefined) saved.timezone = change.timezone;
  if (change.language !== undefined) saved.language = change.language;
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
