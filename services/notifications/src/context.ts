import type { Database, KitTables, Logger, ServiceCore, TokenVerifier } from '@baton/service-kit';
import type { Transaction } from 'kysely';
import type { NotificationsConfig } from './config';
import type { NotificationsTables } from './db/schema';

export type NotificationsDb = Database<NotificationsTables>;
export type NotificationsTrx = Transaction<NotificationsTables & KitTables>;

/** Everything the notification routes need, built once by `createNotifications` (and by tests). */
export interface NotificationsDeps {
  db: NotificationsDb;
  config: NotificationsConfig;
  logger: Logger;
  verifyAccess: TokenVerifier;
  /** The unit of work: one transaction, then the outbox relay woken (`openServiceCore`). */
  write: ServiceCore<NotificationsTables>['write'];
}
