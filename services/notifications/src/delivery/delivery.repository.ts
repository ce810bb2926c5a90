import type { NotificationsDb, NotificationsTrx } from '../context';

type Db = NotificationsDb | NotificationsTrx;

/** The address and name mail to a person goes to; undefined before identity's word of them arrived. */
export const recipientOf = (db: Db, userId: string) =>
  db.selectFrom('users').select(['email', 'first_name']).where('id', '=', userId).executeTakeFirst();
