import { z } from 'zod';
import {
  digestFrequencies,
  emailModes,
  type Language,
  languages,
  preferenceMessages as m,
  type NotificationEvent,
  notificationEvents,
  reminderDaysMax,
} from './constants';

export {
  type DigestFrequency,
  digestFrequencies,
  type EmailMode,
  emailModes,
  type Language,
  languages,
  type NotificationEvent,
  notificationEvents,
  preferenceMessages,
  reminderDaysMax,
} from './constants';

/** An IANA time zone name this runtime knows (`Intl` throws a RangeError for any other). */
export function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const hour = z.number({ error: m.badHour }).int(m.badHour).min(0, m.badHour).max(23, m.badHour);
const weekday = z.number({ error: m.badWeekday }).int(m.badWeekday).min(0, m.badWeekday).max(6, m.badWeekday);
const switchValue = z.boolean({ error: m.badSwitch });

export const timezone = z
  .string({ error: m.badTimezone })
  .max(64, m.badTimezone)
  .refine(isTimeZone, m.badTimezone);

/** One event's channels: the bell, e-mail (at once, in the digest, or never) and push to the person's devices. */
export const eventPreference = z.object({
  inApp: switchValue,
  email: z.enum(emailModes, { error: m.badEmailMode }),
  push: switchValue,
});
export type EventPreference = z.infer<typeof eventPreference>;

export const digestPreference = z.object({
  frequency: z.enum(digestFrequencies, { error: m.badFrequency }),
  /** The hour of the day it goes out, in the person's time zone (daily and weekly; hourly ignores it). */
  hour,
  /** The day of the week it goes out, 0 Sunday to 6 Saturday (weekly only). */
  weekday,
});
export type DigestPreference = z.infer<typeof digestPreference>;

const eventsShape = Object.fromEntries(notificationEvents.map((name) => [name, eventPreference])) as Record<
  NotificationEvent,
  typeof eventPreference
>;

// GET /api/settings/notification-preferences/
export const language = z.enum(languages, { error: m.badLanguage });
export const notificationPreferences = z.object({
  timezone,
  /** The language of the person's mails (and, on a new device, of the screens). */
  language,
  digest: digestPreference,
  events: z.object(eventsShape),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** An unknown key's sentence: an unknown event names the events, any other names the field. */
const unknownKeys = (events: boolean) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' && issue.keys?.[0]
    ? events
      ? m.unknownEvent(issue.keys[0])
      : m.unknownField(issue.keys[0])
    : undefined;

const eventUpdate = z.strictObject(eventPreference.partial().shape, { error: unknownKeys(false) }).optional();
const eventsUpdateShape = Object.fromEntries(notificationEvents.map((name) => [name, eventUpdate])) as Record<
  NotificationEvent,
  typeof eventUpdate
>;

// PUT /api/settings/notification-preferences/: any subset of the same shape; unknown names are refused.
export const notificationPreferencesUpdate = z.strictObject(
  {
    timezone: timezone.optional(),
    language: language.optional(),
    digest: z.strictObject(digestPreference.partial().shape, { error: unknownKeys(false) }).optional(),
    events: z.strictObject(eventsUpdateShape, { error: unknownKeys(true) }).optional(),
  },
  { error: unknownKeys(false) },
);
export type NotificationPreferencesUpdate = {
  timezone?: string;
  language?: Language;
  digest?: Partial<DigestPreference>;
  events?: Partial<Record<NotificationEvent, Partial<EventPreference>>>;
};

// POST /api/unsubscribe/{token}/ (RFC 8058 one-click: no session; the body, if any, is
// `List-Unsubscribe=One-Click` as a form and is not read)
export const unsubscribeParams = z.object({ token: z.string().min(16).max(128) });
export const unsubscribeResponse = z.object({
  message: z.string(),
  /** What was turned off: one event's e-mails, or the digest. */
  scope: z.union([z.enum(notificationEvents), z.literal('digest')]),
});

// A task's due-date reminder (beyond SPEC §3): days before the due date, at an hour of the doer's time zone.
const reminderPart = (max: number) =>
  z.number({ error: m.badReminder }).int(m.badReminder).min(0, m.badReminder).max(max, m.badReminder);
export const reminder = z
  .object({ daysBefore: reminderPart(reminderDaysMax), hour: reminderPart(23) }, { error: m.badReminder })
  .nullable();
export type Reminder = z.infer<typeof reminder>;

// Web push (beyond SPEC): the VAPID public key, and this device's subscription (the browser's PushSubscription
// as `toJSON()` gives it).
export const pushKeyResponse = z.object({ publicKey: z.string() });
/** A part of a subscription: anything wrong in it is the one sentence (a browser sends it, not a person). */
const pushPart = (max: number) => z.string({ error: m.badPushSubscription }).min(1).max(max);
export const pushSubscription = z.object(
  {
    endpoint: z.url({ error: m.badPushSubscription }).max(2048),
    keys: z.object({ p256dh: pushPart(256), auth: pushPart(64) }, { error: m.badPushSubscription }),
  },
  { error: m.badPushSubscription },
);
export type PushSubscriptionJson = z.infer<typeof pushSubscription>;
export const pushUnsubscribeRequest = z.object(
  { endpoint: pushPart(2048) },
  { error: m.badPushSubscription },
);
