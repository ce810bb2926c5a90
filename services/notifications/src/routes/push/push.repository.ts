import type { NotificationsDb, NotificationsTrx } from '../../context';

type Db = NotificationsDb | NotificationsTrx;

/**
 * Stores the person's device; an endpoint already stored (the same browser, signed in again, perhaps by
 * someone else) moves to them with its new keys, as a new device.
 */
export const saveSubscription = (
  db: Db,
  row: { endpoint: string; user_id: string; p256dh: string; auth: string },
) =>
  db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        p256dh: row.p256dh,
        auth: row.auth,
        created_at: new Date(),
        last_success_at: null,
      }),
    )
    .execute();

/** Forgets the person's oldest devices beyond their newest `keep`. */
export async function pruneSubscriptions(db: Db, userId: string, keep: number) {
  const newest = db
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('endpoint')
    .limit(keep);
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', 'not in', newest)
    .execute();
}

/** Forgets the person's own device at `endpoint`; whether there was one. */
export async function removeSubscription(db: Db, userId: string, endpoint: string) {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
