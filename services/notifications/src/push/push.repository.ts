import type { NotificationsDb, NotificationsTrx } from '../context';

type Db = NotificationsDb | NotificationsTrx;

// The server's VAPID key pair, a row of the kit's secrets like every service's other secrets.

const vapidSecret = 'web-push-vapid';

/** Stores `keys` unless a pair is stored already (another replica starting at the same moment may win). */
export const insertVapidKeysOnce = (db: Db, keys: string) =>
  db
    .insertInto('kit_secrets')
    .values({ name: vapidSecret, value: keys })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();

export const storedVapidKeys = async (db: Db) =>
  (await db.selectFrom('kit_secrets').select('value').where('name', '=', vapidSecret).executeTakeFirst())
    ?.value;

// Subscriptions, as the sender sees them

/** The endpoints of the person's devices. */
export const endpointsOf = async (db: Db, userId: string) =>
  (await db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute()).map(
    (row) => row.endpoint,
  );

export const subscriptionAt = (db: Db, endpoint: string) =>
  db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();

/** Forgets a device its push service no longer knows (404/410). */
export const forgetSubscription = (db: Db, endpoint: string) =>
  db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();

export const markDelivered = (db: Db, endpoint: string) =>
  db
    .updateTable('push_subscriptions')
    .set({ last_success_at: new Date() })
    .where('endpoint', '=', endpoint)
    .execute();

/** Erasure: every device of a deleted account. */
export const forgetDevicesOf = (db: Db, userId: string) =>
  db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
