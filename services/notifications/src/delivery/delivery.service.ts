import type { NotificationEvent, NotificationPreferences } from '@baton/contracts';
import { eventMail } from '@baton/mailer';
import { enqueueMail, enqueuePush } from '@baton/service-kit';
import type { NotificationsConfig } from '../config';
import type { NotificationsTrx } from '../context';
import { noticeT } from '../i18n';
import { type PushNotification, queuePushes } from '../push/push.service';
import {
  collapseNotification,
  insertNotifications,
  toNotification,
} from '../routes/notifications/notifications.repository';
import { preferencesOf } from '../routes/preferences/preferences.service';
import { excerpt, type NotificationDraft } from '../wording';
import { recipientOf } from './delivery.repository';
import { insertDigestItem } from './digest.repository';
import { expectDigest } from './digest.service';
import { linkOf, pagePathOf, settingsUrl, unsubscribeLinks } from './links.service';

export interface Delivery {
  /** The event that caused it: each channel gives one person at most one of it, however often it is redelivered. */
  eventId: string;
  /** The preference the drafts follow; null for news with none (a task updated, reopened or deleted): the bell only. */
  event: NotificationEvent | null;
  drafts: NotificationDraft[];
  /** The people had a mail about it already (tasks' accept link): no other, neither at once nor in the digest. */
  mailed?: boolean;
}

/** A draft as the bell's row. */
const rowOf = (eventId: string, { userId, type, title, message, taskId, action }: NotificationDraft) => ({
  type,
  title,
  message,
  user_id: userId,
  event_id: eventId,
  task_id: taskId,
  action,
});

/**
 * Stores bell notifications and queues their pushes to `/ws/notifications/`. Collapsing ones (a task's
 * comments) join the person's unread one of the same key, which is pushed again with its id, so the bell
 * replaces it.
 */
async function ring(trx: NotificationsTrx, eventId: string, drafts: NotificationDraft[]) {
  const stored = await insertNotifications(
    trx,
    drafts.filter((d) => !d.collapse).map((d) => rowOf(eventId, d)),
  );
  for (const draft of drafts)
    if (draft.collapse) stored.push(await collapseNotification(trx, rowOf(eventId, draft), draft.collapse));
  for (const row of stored)
    await enqueuePush(trx, row.user_id, { channel: 'notifications', payload: toNotification(row) });
}

/**
 * A draft as a push to the person's devices, opening its task. A later push of the same tag replaces it on a
 * device: a task's comments are one notification there too, as in the bell; so is its news of one kind.
 */
const pushOf = (eventId: string, event: NotificationEvent, draft: NotificationDraft): PushNotification => ({
  title: draft.title,
  body: draft.message,
  url: pagePathOf(draft.taskId),
  tag: draft.collapse?.key ?? `${event}:${draft.taskId ?? eventId}`,
});

/** One person to tell about one event, with the channels they chose (their preferences). */
interface Told {
  eventId: string;
  event: NotificationEvent;
  draft: NotificationDraft;
  preferences: NotificationPreferences;
}

/** A mail now, or an item of the person's next digest, as they chose for the event. */
async function mailOrCollect(trx: NotificationsTrx, config: NotificationsConfig, told: Told) {
  const { eventId, event, draft, preferences } = told;
  const mode = preferences.events[event].email;
  if (mode === 'digest' && preferences.digest.frequency !== 'off') {
    const item = { heading: draft.title, message: draft.message, task_id: draft.taskId };
    if (await insertDigestItem(trx, { user_id: draft.userId, event_id: eventId, event, ...item }))
      await expectDigest(trx, draft.userId, preferences);
  }
  if (mode !== 'immediate') return;
  const recipient = await recipientOf(trx, draft.userId);
  if (!recipient) return;
  const { language } = preferences;
  const mail = await eventMail({
    to: recipient.email,
    language,
    subject: excerpt(draft.message, 100),
    heading: draft.title,
    message: draft.message,
    ...(draft.taskId
      ? { action: { label: noticeT(language)('openTask'), url: linkOf(config, draft.taskId) } }
      : {}),
    unsubscribe: await unsubscribeLinks(trx, config, draft.userId, event, language),
    settingsUrl: settingsUrl(config),
  });
  await enqueueMail(trx, mail);
}

/**
 * Tells each person of `drafts` about one event by the channels they chose for it (their preferences):
 * the bell, a mail at once or in their digest, a push to their devices. All of it is written in the
 * caller's transaction (outbox rows, digest items, jobs), so a crash loses none of it. It is not idempotent
 * by itself: callers run it once per event (the consumer's processed events, the reminder's firing row);
 * the bell's and the digest's rows are also unique per event and person.
 */
export async function deliver(trx: NotificationsTrx, delivery: Delivery, config: NotificationsConfig) {
  const { eventId, event } = delivery;
  if (!event) return ring(trx, eventId, delivery.drafts);
  const people: Told[] = [];
  for (const draft of delivery.drafts)
    people.push({ eventId, event, draft, preferences: await preferencesOf(trx, draft.userId) });
  const inApp = people.filter((told) => told.preferences.events[event].inApp);
  await ring(
    trx,
    eventId,
    inApp.map((told) => told.draft),
  );
  for (const told of people) {
    if (!delivery.mailed) await mailOrCollect(trx, config, told);
    if (told.preferences.events[event].push)
      await queuePushes(trx, told.draft.userId, pushOf(eventId, event, told.draft));
  }
}
