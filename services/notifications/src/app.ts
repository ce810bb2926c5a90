import type { Mailer } from '@baton/mailer';
import { createServiceApp, openServiceCore, type Readiness, type ServiceOptions } from '@baton/service-kit';
import { defaultNotificationsConfig, type NotificationsConfig } from './config';
import { foldersConsumer } from './consumers/folders.consumer';
import { identityConsumer } from './consumers/identity.consumer';
import { tasksConsumer } from './consumers/tasks.consumer';
import type { NotificationsDeps } from './context';
import { migrations } from './db/migrations';
import type { NotificationsTables } from './db/schema';
import { jobHandlers } from './jobs/index';
import { vapidKeys } from './push/vapid.service';
import { notificationRoutes } from './routes/notifications/notifications.routes';
import { preferenceRoutes } from './routes/preferences/preferences.routes';
import { pushRoutes } from './routes/push/push.routes';
import { jobsReadiness, migrateScheduler, startScheduler } from './scheduler/scheduler';

export const SERVICE_NAME = 'notifications';

/** notifications' HTTP app over ready dependencies (tests build it without a port). */
export function createNotificationsApp(deps: NotificationsDeps, readiness: Readiness = {}) {
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness,
    routes: [notificationRoutes(deps), pushRoutes(deps), preferenceRoutes(deps)],
  });
}

export interface NotificationsOptions extends ServiceOptions<NotificationsConfig> {
  /** Sends the mails people chose (at once, digests); queued in the outbox, sent after commit. */
  mailer?: Mailer;
}

/** Opens notifications' database, starts its consumers and the relay of its pushes, and builds its app. */
export async function createNotifications(options: NotificationsOptions) {
  const config = options.config ?? defaultNotificationsConfig();
  const database = options.database ?? 'baton_notifications';
  const core = await openServiceCore<NotificationsTables>({
    ...options,
    name: SERVICE_NAME,
    database,
    migrations,
    config,
  });
  const { db, logger } = core;
  // Web push's key pair is made on the first start (and read back by every later one).
  await vapidKeys(db);
  const deps: NotificationsDeps = { db, config, logger, verifyAccess: core.verifyAccess, write: core.write };
  const scheduling = { databaseUrl: options.databaseUrl, database, deps };
  // The job queue's schema exists before a consumer schedules a job in it.
  await migrateScheduler(scheduling);
  await core.consume(identityConsumer);
  await core.consume(tasksConsumer(config));
  await core.consume(foldersConsumer(config));
  const scheduler = await startScheduler({
    ...scheduling,
    handlers: jobHandlers,
    pollIntervalMs: config.SCHEDULER_POLL_MS,
    concurrency: config.SCHEDULER_CONCURRENCY,
  });
  // Registered last, so it stops first: no job runs once the consumers and the database close.
  core.onClose(() => scheduler.stop());
  core.readiness.jobs = jobsReadiness(deps);
  return { app: createNotificationsApp(deps, core.readiness), deps, relay: core.relay, close: core.close };
}
export type Notifications = Awaited<ReturnType<typeof createNotifications>>;
