import { type Selectable, sql } from 'kysely';
import type { NotificationsDb, NotificationsTrx } from '../context';
import type { NotificationsTables } from '../db/schema';

type Db = NotificationsDb | NotificationsTrx;
export type ReminderTask = Selectable<NotificationsTables['reminder_tasks']>;

/** The account of an e-mail address, if notifications knows it (from identity's events). */
export const userIdByEmail = async (db: Db, email: string) =>
  (
    await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst()
  )?.id ?? null;

/** The person's time zone (an IANA name; 'UTC' until their browser sent one). */
export const timezoneOf = async (db: Db, userId: string) =>
  (await db.selectFrom('preferences').select('timezone').where('user_id', '=', userId).executeTakeFirst())
    ?.timezone ?? 'UTC';

/** What reminders know of the task, locked until commit (events of one task are applied one at a time). */
export const lockedReminderTask = (trx: NotificationsTrx, taskId: string) =>
  trx.selectFrom('reminder_tasks').selectAll().where('task_id', '=', taskId).forUpdate().executeTakeFirst();

export const reminderTask = (db: Db, taskId: string) =>
  db.selectFrom('reminder_tasks').selectAll().where('task_id', '=', taskId).executeTakeFirst();

/** Stores what reminders know of a task (the caller checked the event is not older than the stored one). */
export const saveReminderTask = (trx: NotificationsTrx, row: ReminderTask) => {
  const values = { ...row, reminder: row.reminder === null ? null : JSON.stringify(row.reminder) };
  const { task_id: _, ...changes } = values;
  return trx
    .insertInto('reminder_tasks')
    .values(values)
    .onConflict((oc) => oc.column('task_id').doUpdateSet(changes))
    .execute();
};

/** Records that the job of `key` fired for `moment`; false when it had already (a second run of the job). */
export const recordFired = async (trx: NotificationsTrx, key: string, moment: Date) =>
  Boolean(
    await trx
      .insertInto('reminders_fired')
      .values({ job_key: key, moment })
      .onConflict((oc) => oc.doNothing())
      .returning('job_key')
      .executeTakeFirst(),
  );

/** Whether the job of `key` fired for `moment` already. */
export const hasFired = async (db: Db, key: string, moment: Date) =>
  Boolean(
    await db
      .selectFrom('reminders_fired')
      .select('job_key')
      .where('job_key', '=', key)
      .where('moment', '=', moment)
      .executeTakeFirst(),
  );

/** The open tasks with a due date that `userId` does or delegated (to schedule again when their zone changes). */
export const openTasksOf = (db: Db, userId: string) =>
  db
    .selectFrom('reminder_tasks')
    .selectAll()
    .where('open', '=', true)
    .where((eb) => eb.or([eb('doer_id', '=', userId), eb('owner_id', '=', userId)]))
    .execute();
