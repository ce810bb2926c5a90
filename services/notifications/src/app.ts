import { createServiceApp, openServiceCore, type Readiness, type ServiceOptions } from '@baton/service-kit';
import { defaultNotificationsConfig, type NotificationsConfig } from './config';
import { foldersConsumer } from './consumers/folders.consumer';
import { identityConsumer } from './consumers/identity.consumer';
import { tasksConsumer } from './consumers/tasks.consumer';
import type { NotificationsDeps } from './context';
import { migrations } from './db/migrations';
import type { NotificationsTables } from './db/schema';
import { notificationRoutes } from './routes/notifications/notifications.routes';

export const SERVICE_NAME = 'notifications';

/** notifications' HTTP app over ready dependencies (tests build it without a port). */
export function createNotificationsApp(deps: NotificationsDeps, readiness: Readiness = {}) {
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness,
    routes: [notificationRoutes(deps)],
  });
}

export type NotificationsOptions = ServiceOptions<NotificationsConfig>;

/** Opens notifications' database, starts its consumers and the relay of its pushes, and builds its app. */
export async function createNotifications(options: NotificationsOptions) {
  const config = options.config ?? defaultNotificationsConfig();
  const core = await openServiceCore<NotificationsTables>({
    ...options,
    name: SERVICE_NAME,
    database: options.database ?? 'baton_notifications',
    migrations,
    config,
  });
  const { db, logger } = core;
  await core.consume(identityConsumer);
  await core.consume(tasksConsumer);
  await core.consume(foldersConsumer);
  const deps: NotificationsDeps = { db, config, logger, verifyAccess: core.verifyAccess, write: core.write };
  return { app: createNotificationsApp(deps, core.readiness), deps, relay: core.relay, close: core.close };
}
export type Notifications = Awaited<ReturnType<typeof createNotifications>>;
