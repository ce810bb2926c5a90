import type { Database, ServiceDeps, ServiceTrx } from '@baton/service-kit';
import type { NotificationsConfig } from './config';
import type { NotificationsTables } from './db/schema';

export type NotificationsDb = Database<NotificationsTables>;
export type NotificationsTrx = ServiceTrx<NotificationsTables>;

/** Everything the notification routes need, built once by `createNotifications` (and by tests). */
export type NotificationsDeps = ServiceDeps<NotificationsTables, NotificationsConfig>;
