import { createHash } from 'node:crypto';
import {
  type EventEnvelope,
  isoDateTime,
  type Language,
  type Reminder,
  reminder,
  type Task,
  uuid,
} from '@baton/contracts';
import { DateTime } from 'luxon';
import { z } from 'zod';
import type { NotificationsConfig } from '../config';
import type { NotificationsTrx } from '../context';
import { deliver } from '../delivery/delivery.service';
import { noticeT } from '../i18n';
import { erasedAmong, nameOf } from '../routes/notifications/notifications.repository';
import { languagesOf } from '../routes/preferences/preferences.repository';
import { cancelJob, type JobName, scheduleJob } from '../scheduler/scheduler';
import { dayWords, type NotificationDraft } from '../wording';
import { dueDay, overdueMoment, reminderMoment } from './moments';
import {
  hasFired,
  lockedReminderTask,
  openTasksOf,
  type ReminderTask,
  recordFired,
  saveReminderTask,
  timezoneOf,
  userIdByEmail,
} from './reminders.repository';

type Firing = Extract<JobName, 'reminder' | 'overdue'>;

/** The job of a task's reminder (one per task: its doer's) and of one person's overdue notice. */
export const reminderKey = (taskId: string) => `reminder:${taskId}`;
export const overdueKey = (taskId: string, userId: string) => `overdue:${taskId}:${userId}`;

/** What a reminder or overdue job carries: whom, for which moment, and the task's due date and reminder then. */
export const firingPayload = z.object({
  taskId: uuid,
  userId: uuid,
  moment: isoDateTime,
  dueDate: z.string(),
  reminder: reminder.default(null),
});
type FiringPayload = z.infer<typeof firingPayload>;

const sameReminder = (a: ReminderTask['reminder'], b: ReminderTask['reminder']) =>
  a?.daysBefore === b?.daysBefore && a?.hour === b?.hour;

/** A task as its events carry it, as what reminders keep of it. */
async function fromTask(
  trx: NotificationsTrx,
  task: Task,
  at: Date,
  previous: ReminderTask | undefined,
): Promise<ReminderTask> {
  const recipient = task.assigned_users[0] ?? task.invited_users[0];
  const ownerId = (await userIdByEmail(trx, task.owner)) ?? previous?.owner_id ?? null;
  // The recipient of a delegated task does it once they accepted.
  const recipientId =
    recipient && task.is_accepted
      ? ((await userIdByEmail(trx, recipient)) ?? previous?.doer_id ?? null)
      : null;
  return {
    task_id: task.id,
    title: task.title,
    due_date: task.dueDate,
    reminder: task.reminder,
    overdue_notice: task.overdueNotice,
    owner_id: ownerId,
    doer_id: recipient ? recipientId : ownerId,
    delegated: Boolean(recipient),
    open: !task.completed,
    deleted: false,
    event_at: at,
  };
}

/** Events that carry the whole task. */
type TaskChange = EventEnvelope<
  | 'tasks.task.created'
  | 'tasks.task.updated'
  | 'tasks.task.completed'
  | 'tasks.task.reopened'
  | 'tasks.task.assigned'
  | 'tasks.task.invited'
  | 'tasks.task.declined'
  | 'tasks.task.date_proposed'
  | 'tasks.task.proposal_answered'
  | 'tasks.task.reassigned'
>;

/**
 * Keeps a task's reminder and overdue jobs in step with its events, in the consumer's transaction: `next` is
 * what reminders keep of the task after the event (undefined: nothing changes). An event older than the last one
 * applied (a redelivery after a later one) changes nothing, nor does any event after the task was deleted.
 */
async function follow(
  trx: NotificationsTrx,
  taskId: string,
  event: EventEnvelope,
  next: (
    previous: ReminderTask | undefined,
    at: Date,
  ) => Promise<ReminderTask | undefined> | ReminderTask | undefined,
) {
  const at = new Date(event.occurredAt);
  const previous = await lockedReminderTask(trx, taskId);
  if (previous && (previous.deleted || previous.event_at > at)) return;
  const task = await next(previous, at);
  if (!task) return;
  await saveReminderTask(trx, task);
  await scheduleTask(trx, task, previous);
}

/** A task made or changed: a due date or reminder that changed moves its jobs; completing cancels; reopening schedules. */
export const followTaskChange = (event: TaskChange, trx: NotificationsTrx) =>
  follow(trx, event.data.task.id, event, (previous, at) => fromTask(trx, event.data.task, at, previous));

/** A delegated task accepted: its recipient does it now, and is reminded. */
export const followAcceptance = (event: EventEnvelope<'tasks.task.accepted'>, trx: NotificationsTrx) =>
  follow(
    trx,
    event.data.taskId,
    event,
    (previous, at) => previous && { ...previous, doer_id: event.data.userId, event_at: at },
  );

/** A task deleted: its jobs are cancelled, and it stays as a tombstone no late event brings back. */
export const followDeletion = (event: EventEnvelope<'tasks.task.deleted'>, trx: NotificationsTrx) =>
  follow(trx, event.data.taskId, event, (previous, at) => {
    const { taskId, title } = event.data;
    const base = previous ?? {
      task_id: taskId,
      title,
      due_date: null,
      reminder: null,
      overdue_notice: false,
    };
    return {
      owner_id: null,
      doer_id: null,
      delegated: false,
      ...base,
      open: false,
      deleted: true,
      event_at: at,
    };
  });

interface Wanted {
  job: Firing;
  key: string;
  payload: FiringPayload;
}

/** The key of a firing's job. */
const keyOf = (job: Firing, taskId: string, userId: string) =>
  job === 'reminder' ? reminderKey(taskId) : overdueKey(taskId, userId);

/** The jobs a task should have now: its doer's reminder, and the overdue notices of its doer and delegator. */
async function wantedJobs(trx: NotificationsTrx, task: ReminderTask): Promise<Wanted[]> {
  const { task_id: taskId, due_date: dueDate } = task;
  if (!task.open || !dueDate) return [];
  const wanted: Wanted[] = [];
  const want = (job: Firing, userId: string, moment: Date | undefined, reminder: Reminder) => {
    if (!moment) return;
    const payload = { taskId, userId, moment: moment.toISOString(), dueDate, reminder };
    wanted.push({ job, key: keyOf(job, taskId, userId), payload });
  };
  if (task.doer_id) {
    const zone = await timezoneOf(trx, task.doer_id);
    if (task.reminder)
      want('reminder', task.doer_id, reminderMoment(dueDate, task.reminder, zone), task.reminder);
    want('overdue', task.doer_id, overdueMoment(dueDate, zone), null);
  }
  if (task.delegated && task.overdue_notice && task.owner_id)
    want('overdue', task.owner_id, overdueMoment(dueDate, await timezoneOf(trx, task.owner_id)), null);
  return wanted;
}

/**
 * Schedules the task's wanted jobs (moved and replaced if queued; at once if their moment is past, unless they
 * fired for it already) and cancels the others it may have had.
 */
async function scheduleTask(trx: NotificationsTrx, task: ReminderTask, previous?: ReminderTask) {
  const wanted = await wantedJobs(trx, task);
  const people = [task.owner_id, task.doer_id, previous?.owner_id, previous?.doer_id];
  const possible = new Set([
    reminderKey(task.task_id),
    ...people.flatMap((id) => (id ? [overdueKey(task.task_id, id)] : [])),
  ]);
  const now = Date.now();
  for (const { job, key, payload } of wanted) {
    const moment = new Date(payload.moment);
    if (await hasFired(trx, key, moment)) continue;
    possible.delete(key);
    await scheduleJob(trx, { job, key, payload, runAt: new Date(Math.max(now, moment.getTime())) });
  }
  for (const key of possible) await cancelJob(trx, key);
}

/** Schedules again the reminders of everything `userId` does or delegated (their time zone changed). */
export async function rescheduleRemindersOf(trx: NotificationsTrx, userId: string) {
  for (const task of await openTasksOf(trx, userId)) await scheduleTask(trx, task);
}

/** Whether the task still wants what `job` was scheduled for: open, same due date, reminder and person. */
function stillWanted(kind: Firing, task: ReminderTask, job: FiringPayload) {
  if (!task.open || task.due_date !== job.dueDate) return false;
  if (kind === 'reminder') return task.doer_id === job.userId && sameReminder(task.reminder, job.reminder);
  return (
    task.doer_id === job.userId || (task.delegated && task.overdue_notice && task.owner_id === job.userId)
  );
}

/** An id of its own for each firing (the notification's event): the same job run twice stores one. */
const firingId = (key: string, moment: string) => {
  const hex = createHash('sha256').update(`${key}@${moment}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const nearDays: Record<number, 'yesterday' | 'today' | 'tomorrow'> = {
  [-1]: 'yesterday',
  0: 'today',
  1: 'tomorrow',
};

/**
 * The due day in `zone` as the person says it ("yesterday", "today", "tomorrow", "Sat 28 Nov", with the year
 * when not this year's; "am Sa. 28. November" in German), and how many days from today it is.
 */
function dueWhen(dueDate: string, zone: string, now: Date, language: Language) {
  const day = dueDay(dueDate, zone);
  if (!day) return { when: dueDate, days: 0 };
  const today = DateTime.fromJSDate(now).setZone(day.zone).startOf('day');
  const days = Math.round(day.diff(today, 'days').days);
  const t = noticeT(language);
  const near = nearDays[days];
  return { when: near ? t(near) : t('onDay', { day: dayWords(day.toISODate(), now, language) }), days };
}

/**
 * What the person is told, in their language: "Due soon" before (or, set late, after) the due date; "Overdue"
 * the morning after.
 */
async function draftOf(trx: NotificationsTrx, kind: Firing, task: ReminderTask, job: FiringPayload) {
  const language = (await languagesOf(trx, [job.userId])).get(job.userId) ?? 'en';
  const t = noticeT(language);
  const { when, days } = dueWhen(job.dueDate, await timezoneOf(trx, job.userId), new Date(), language);
  const title = t('quoted', { text: task.title });
  const base = { userId: job.userId, taskId: task.task_id, action: null };
  if (kind === 'reminder') {
    const message = t(days < 0 ? 'wasDue' : 'dueSoon', { title, when });
    return { ...base, type: 'info', title: t('dueSoonTitle'), message } satisfies NotificationDraft;
  }
  const own = job.userId === task.doer_id;
  const to = !own && task.doer_id ? t('delegatedTo', { name: await nameOf(trx, task.doer_id) }) : '';
  const message = own ? t('overdue', { title, when }) : t('overdueDelegated', { title, when, to });
  return { ...base, type: 'warning', title: t('overdueTitle'), message } satisfies NotificationDraft;
}

/**
 * Fires a reminder or overdue job: if the task still wants it, records the firing (job key and moment) and,
 * in the same transaction, the notification. A job run again (a crash after this commit, two replicas)
 * finds the firing recorded and does nothing.
 */
export async function fire(
  kind: Firing,
  payload: unknown,
  trx: NotificationsTrx,
  config: NotificationsConfig,
) {
  const job = firingPayload.parse(payload);
  const task = await lockedReminderTask(trx, job.taskId);
  if (!task || !stillWanted(kind, task, job)) return false;
  const key = keyOf(kind, job.taskId, job.userId);
  if (!(await recordFired(trx, key, new Date(job.moment)))) return false;
  if ((await erasedAmong(trx, [job.userId])).size) return false;
  const drafts = [await draftOf(trx, kind, task, job)];
  const event = kind === 'reminder' ? 'due_soon' : 'overdue';
  await deliver(trx, { eventId: firingId(key, job.moment), event, drafts }, config);
  return true;
}
