import {
  type DigestPreference,
  type EventPreference,
  type Language,
  preferenceMessages as m,
  type NotificationEvent,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  notificationEvents,
} from '@baton/contracts';
import { conflict, enqueueEvent, notFound } from '@baton/service-kit';
import type { NotificationsDb, NotificationsDeps, NotificationsTrx } from '../../context';
import type { EventOverrides } from '../../db/schema';
import { cancelDigest, planDigest, sendDigest } from '../../delivery/digest.service';
import { unsubscribeWords } from '../../delivery/links.service';
import { rescheduleRemindersOf } from '../../reminders/reminders.service';
import {
  forgetPreferences,
  lockPreferences,
  preferencesRow,
  savePreferencesRow,
  unsubscribeTokenOf,
} from './preferences.repository';

const now: EventPreference = { inApp: true, email: 'immediate', push: true };
const collected: EventPreference = { inApp: true, email: 'digest', push: false };

/**
 * Everyone's preferences until they change one. What asks something of the person (an offer, a due date, a
 * decline, a proposed date or its answer, a reassignment, a nudge) comes at once by every channel; news about
 * tasks they delegated waits for the digest, and comments too, but they also push (a conversation is worth a glance). An offer needing acceptance comes with tasks' accept
 * link anyway; one from a trusted sender sends no mail unless the person asks for it (SPEC §1: trusting a
 * sender is how their tasks stop triggering an e-mail each time).
 */
export const defaultEvents: Record<NotificationEvent, EventPreference> = {
  assigned: { ...now, email: 'off' },
  invited: { ...now, email: 'off' },
  declined: now,
  date_proposed: now,
  proposal_answered: now,
  reassigned: now,
  nudged: now,
  due_soon: now,
  overdue: now,
  accepted: collected,
  completed: collected,
  progress: collected,
  comment: { ...collected, push: true },
};
export const defaultDigest: DigestPreference = { frequency: 'daily', hour: 8, weekday: 1 };
export const defaultTimezone = 'UTC';
export const defaultLanguage: Language = 'en';

type Row = Awaited<ReturnType<typeof preferencesRow>>;

/** Stored preferences over the defaults (an event nobody changed, or added since, has its default). */
const preferencesOfRow = (row: Row): NotificationPreferences => ({
  timezone: row?.timezone ?? defaultTimezone,
  language: row?.language ?? defaultLanguage,
  digest: row
    ? { frequency: row.digest_frequency, hour: row.digest_hour, weekday: row.digest_weekday }
    : defaultDigest,
  events: Object.fromEntries(
    notificationEvents.map((event) => [event, { ...defaultEvents[event], ...row?.events[event] }]),
  ) as NotificationPreferences['events'],
});

/** A person's notification preferences (the defaults until they change one). */
export const preferencesOf = async (db: NotificationsDb | NotificationsTrx, userId: string) =>
  preferencesOfRow(await preferencesRow(db, userId));

/** What differs from the defaults: all that is stored, so a default changed later reaches who never chose. */
function overridesOf(events: NotificationPreferences['events']): EventOverrides {
  const overrides: EventOverrides = {};
  for (const event of notificationEvents) {
    const changed = Object.entries(events[event]).filter(
      ([channel, value]) => defaultEvents[event][channel as keyof EventPreference] !== value,
    );
    if (changed.length > 0) overrides[event] = Object.fromEntries(changed);
  }
  return overrides;
}

const merged = (current: NotificationPreferences, update: NotificationPreferencesUpdate) => ({
  timezone: update.timezone ?? current.timezone,
  language: update.language ?? current.language,
  digest: { ...current.digest, ...update.digest },
  events: Object.fromEntries(
    notificationEvents.map((event) => [event, { ...current.events[event], ...update.events?.[event] }]),
  ) as NotificationPreferences['events'],
});

/** When the digest goes out depends on these; any change of them moves the scheduled one. */
const digestTiming = (p: NotificationPreferences) =>
  `${p.timezone} ${p.digest.frequency} ${p.digest.hour} ${p.digest.weekday}`;

/**
 * Merges `update` into the person's preferences in the caller's transaction, under a lock on them, and
 * moves the scheduled digest when its timing changed. The whole new preferences.
 */
async function changePreferences(
  trx: NotificationsTrx,
  userId: string,
  update: NotificationPreferencesUpdate,
) {
  const current = preferencesOfRow(await lockPreferences(trx, userId));
  const next = merged(current, update);
  await savePreferencesRow(trx, {
    user_id: userId,
    timezone: next.timezone,
    language: next.language,
    digest_frequency: next.digest.frequency,
    digest_hour: next.digest.hour,
    digest_weekday: next.digest.weekday,
    events: JSON.stringify(overridesOf(next.events)),
  });
  if (digestTiming(current) !== digestTiming(next)) await planDigest(trx, userId, next);
  // tasks writes this person mails of its own (accept links) and filters their lists by "today": in their
  // language and zone too.
  if (current.language !== next.language || current.timezone !== next.timezone)
    await enqueueEvent(trx, 'notifications.preferences.changed', {
      actorId: userId,
      audience: [userId],
      data: { userId, language: next.language, timezone: next.timezone },
    });
  // Reminders and overdue notices are at hours of the person's zone: a new zone moves them.
  if (current.timezone !== next.timezone) await rescheduleRemindersOf(trx, userId);
  return next;
}

export const updatePreferences = (
  deps: NotificationsDeps,
  userId: string,
  update: NotificationPreferencesUpdate,
) => deps.write((trx) => changePreferences(trx, userId, update));

/**
 * RFC 8058 one-click unsubscribe, with no session: the token names the person and what to turn off (one
 * event's e-mails, or the digest). Using it again changes nothing more; an unknown token is a 404.
 */
export const unsubscribe = (deps: NotificationsDeps, token: string) =>
  deps.write(async (trx) => {
    const found = await unsubscribeTokenOf(trx, token);
    if (!found) throw notFound(m.unsubscribeInvalid);
    const { user_id: userId, scope } = found;
    await changePreferences(
      trx,
      userId,
      scope === 'digest' ? { digest: { frequency: 'off' } } : { events: { [scope]: { email: 'off' } } },
    );
    return { message: m.unsubscribed(unsubscribeWords[scope]), scope };
  });

/** Settings' "Send me a test digest": what has collected goes now (marked sent), or a short "nothing new". */
export async function sendTestDigest(deps: NotificationsDeps, userId: string) {
  const to = await deps.write(async (trx) =>
    sendDigest(trx, deps.config, userId, await preferencesOf(trx, userId), { evenIfEmpty: true }),
  );
  // identity's word of a new account has not reached notifications yet: there is no address to send to.
  if (!to) throw conflict('Your account is still being set up here. Try again in a moment.');
  return { message: m.testDigestSent(to) };
}

/** Erasure: the person's preferences, waiting digest and unsubscribe links go. */
export async function forgetPreferencesOf(trx: NotificationsTrx, userId: string) {
  await forgetPreferences(trx, userId);
  await cancelDigest(trx, userId);
}
