import type { Notification, WsTaskMessage } from '@baton/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { NotificationsDb, NotificationsTrx } from '../../context';
import type { NotificationsTables } from '../../db/schema';

type Db = NotificationsDb | NotificationsTrx;
type NotificationRow = Selectable<NotificationsTables['notifications']>;

/** A stored row as SPEC §3's Notification, with the bell's task link and action (what the list returns and what is pushed). */
export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  is_read: row.is_read,
  is_deleted: row.is_deleted,
  created_at: row.created_at.toISOString(),
  task_id: row.task_id,
  action: row.action,
});

// The list

const notDeletedOf = (db: Db, userId: string) =>
  db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('is_deleted', '=', false);

/** The person's newest notifications that are not deleted, newest first. */
export const newestNotifications = (db: Db, userId: string, limit: number) =>
  notDeletedOf(db, userId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();

/** When the person's notification `id` was made; undefined when it is not theirs. */
export const notificationTime = async (db: Db, userId: string, id: string) =>
  (
    await db
      .selectFrom('notifications')
      .select('created_at')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.created_at;

/** The person's notifications that are not deleted made from `since` on, except `except`, oldest first. */
export const notificationsSince = (db: Db, userId: string, since: Date, except: string, limit: number) =>
  notDeletedOf(db, userId)
    .where('created_at', '>=', since)
    .where('id', '!=', except)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();

/** Changes the person's own notifications among `ids` that are not deleted; how many changed. */
export const changeNotifications = async (
  db: Db,
  userId: string,
  ids: string[],
  change: { is_read: true } | { is_deleted: true },
) => {
  const result = await db
    .updateTable('notifications')
    .set(change)
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

// Storing notifications (the consumers)

/** How a person is named in someone else's notification: first name, else last name, else e-mail. */
export async function nameOf(db: Db, userId: string | null) {
  if (!userId) return 'Someone';
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.first_name || user?.last_name || user?.email || 'Someone';
}

/** Of `people`, those whose accounts were deleted (an event may still be in flight after the erasure). */
export async function erasedAmong(db: Db, people: string[]) {
  if (people.length === 0) return new Set<string>();
  const erased = await db.selectFrom('erased_users').select('id').where('id', 'in', people).execute();
  return new Set(erased.map((row) => row.id));
}

type NewNotification = Omit<Insertable<NotificationsTables['notifications']>, 'collapse_key'>;

/** Stores notifications; one the person already has of the same event is not stored again. The stored ones. */
export async function insertNotifications(trx: NotificationsTrx, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return trx
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .returningAll()
    .execute();
}

/**
 * Stores a collapsing notification: the person's unread one of the same key (`notifications_collapsed`)
 * counts one more, becomes `title`, its message the new count followed by `tail`, and moves up; else a new one.
 */
export const collapseNotification = (
  trx: NotificationsTrx,
  row: NewNotification,
  collapse: { key: string; title: string; tail: string },
) =>
  trx
    .insertInto('notifications')
    .values({ ...row, collapse_key: collapse.key })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'collapse_key'])
        .where('collapse_key', 'is not', null)
        .where('is_read', '=', false)
        .where('is_deleted', '=', false)
        .doUpdateSet({
          count: sql<number>`notifications.count + 1`,
          title: collapse.title,
          message: sql<string>`(notifications.count + 1)::text || ' ' || ${collapse.tail}`,
          created_at: sql<Date>`now()`,
        }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();

/** The recipient who accepted a task is not offered Accept again. */
export const clearAcceptOffers = (trx: NotificationsTrx, taskId: string, userId: string) =>
  trx
    .updateTable('notifications')
    .set({ action: null })
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .where('action', 'is not', null)
    .execute();

/** A task `userId` lost (declined, reassigned away) leaves them nothing to open or accept. */
export const forgetTaskFor = (trx: NotificationsTrx, taskId: string, userId: string) =>
  trx
    .updateTable('notifications')
    .set({ task_id: null, action: null })
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .execute();

/** A deleted task leaves nothing to open or accept. */
export const forgetTask = (trx: NotificationsTrx, taskId: string) =>
  trx
    .updateTable('notifications')
    .set({ task_id: null, action: null })
    .where('task_id', '=', taskId)
    .execute();

// People (identity's events)

export const upsertPerson = (
  trx: NotificationsTrx,
  person: { id: string; email: string; first_name: string; last_name: string },
) => {
  const { id, ...names } = person;
  return trx
    .insertInto('users')
    .values(person)
    .onConflict((oc) => oc.column('id').doUpdateSet(names))
    .execute();
};

/** Erasure: the person's notifications, `/ws/tasks/` log and name go, and the id is remembered as erased. */
export async function erasePerson(trx: NotificationsTrx, userId: string) {
  await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
  await trx.deleteFrom('task_messages').where('user_id', '=', userId).execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
  await trx
    .insertInto('erased_users')
    .values({ id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

// The `/ws/tasks/` log

/** The first key of the advisory locks taken on people here (the second is a hash of the person's id). */
const lockClass = 7_301;

/** Locks each person (`ids` in one order, so two transactions never deadlock) until commit. */
export async function lockPeople(trx: NotificationsTrx, ids: string[]) {
  for (const id of ids) await sql`select pg_advisory_xact_lock(${lockClass}, hashtext(${id}))`.execute(trx);
}

/** Logs `message` for each of `people`; an event logged for a person already is not logged again. */
export const insertTaskMessages = (
  trx: NotificationsTrx,
  eventId: string,
  people: string[],
  message: WsTaskMessage,
) =>
  trx
    .insertInto('task_messages')
    .values(
      people.map((userId) => ({ user_id: userId, event_id: eventId, payload: JSON.stringify(message) })),
    )
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .returning(['id', 'user_id'])
    .execute();

/** Drops the people's log entries made before `before`. */
export const pruneTaskMessages = (trx: NotificationsTrx, people: string[], before: Date) =>
  trx.deleteFrom('task_messages').where('user_id', 'in', people).where('created_at', '<', before).execute();

/** The place of the person's log entry `id`; undefined when it is not theirs (or no longer kept). */
export const taskMessageSeq = async (db: Db, userId: string, id: string) =>
  (
    await db
      .selectFrom('task_messages')
      .select('seq')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.seq;

/** The person's log entries after `seq`, oldest first, at most `limit`. */
export const taskMessagesAfter = (db: Db, userId: string, seq: string, limit: number) =>
  db
    .selectFrom('task_messages')
    .select(['id', 'payload'])
    .where('user_id', '=', userId)
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(limit)
    .execute();
