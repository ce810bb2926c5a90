import type { Insertable } from 'kysely';
import type { NotificationsDb, NotificationsTrx } from '../context';
import type { NotificationsTables } from '../db/schema';

type Db = NotificationsDb | NotificationsTrx;

/** Adds an item to the person's next digest; false when the event gave them one already (a redelivery). */
export async function insertDigestItem(
  trx: NotificationsTrx,
  item: Omit<Insertable<NotificationsTables['digest_items']>, 'id' | 'created_at' | 'sent_at'>,
) {
  const added = await trx
    .insertInto('digest_items')
    .values(item)
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}

/**
 * The person's items not sent yet, oldest first, locked until commit: a digest sent at the same moment
 * (the test digest beside the scheduled one) waits, and then finds them sent.
 */
export const lockWaitingItems = (trx: NotificationsTrx, userId: string) =>
  trx
    .selectFrom('digest_items')
    .select(['id', 'event', 'heading', 'message', 'task_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('sent_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .forUpdate()
    .execute();

/** Whether anything waits for the person's next digest. */
export const hasWaitingItems = async (db: Db, userId: string) =>
  (await db
    .selectFrom('digest_items')
    .select('id')
    .where('user_id', '=', userId)
    .where('sent_at', 'is', null)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/**
 * Marks items sent (kept a while, so an event redelivered after its digest went adds nothing), and drops the
 * person's items sent before `before`.
 */
export async function markSent(trx: NotificationsTrx, userId: string, ids: string[], before: Date) {
  if (ids.length > 0)
    await trx.updateTable('digest_items').set({ sent_at: new Date() }).where('id', 'in', ids).execute();
  await trx.deleteFrom('digest_items').where('user_id', '=', userId).where('sent_at', '<', before).execute();
}
