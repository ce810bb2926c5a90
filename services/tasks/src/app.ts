import { commentMessages, limits, taskMessages } from '@baton/contracts';
import type { Mailer } from '@baton/mailer';
import {
  createServiceApp,
  type FilesFetch,
  filesClient,
  MailCaps,
  openServiceCore,
  RateLimiter,
  type Readiness,
  type ServiceOptions,
} from '@baton/service-kit';
import { defaultTasksConfig, type TasksConfig } from './config';
import { foldersConsumer } from './consumers/folders.consumer';
import { identityConsumer } from './consumers/identity.consumer';
import { notificationsConsumer } from './consumers/notifications.consumer';
import type { TasksDeps } from './context';
import { migrations } from './db/migrations';
import type { TasksTables } from './db/schema';
import { acceptRoutes } from './routes/accept/accept.routes';
import { startMailDigests } from './routes/accept/mail-digest';
import { attachmentRoutes } from './routes/attachments/attachments.routes';
import { bulkRoutes } from './routes/bulk/bulk.routes';
import { startBulkSweeps } from './routes/bulk/bulk.sweep';
import { calendarRoutes } from './routes/calendar/calendar.routes';
import { commentRoutes } from './routes/comments/comments.routes';
import { delegationRoutes } from './routes/delegation/delegation.routes';
import { progressRoutes } from './routes/progress/progress.routes';
import { searchRoutes } from './routes/search/search.routes';
import { taskRoutes } from './routes/tasks/tasks.routes';
import { transferBodyLimits, transferRoutes } from './routes/transfer/transfer.routes';
import { viewRoutes } from './routes/views/views.routes';

export const SERVICE_NAME = 'tasks';

/** tasks' HTTP app over ready dependencies (tests build it without a port). */
export function createTasksApp(deps: TasksDeps, readiness: Readiness = {}) {
  // Before taskRoutes: /api/tasks/waiting/ would otherwise read as a task id.
  const groups = [
    delegationRoutes,
    bulkRoutes,
    taskRoutes,
    progressRoutes,
    acceptRoutes,
    attachmentRoutes,
    commentRoutes,
    calendarRoutes,
    transferRoutes,
    searchRoutes,
    viewRoutes,
  ];
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness,
    bodyLimits: transferBodyLimits,
    routes: groups.map((group) => group(deps)),
  });
}

export interface TasksOptions extends ServiceOptions<TasksConfig> {
  /** How to reach identity (trusting a sender on accept). */
  identity: TasksDeps['identity'];
  /** How to reach files (attachments). */
  files: FilesFetch;
  mailer?: Mailer;
}

/**
 * Opens tasks' database, starts its outbox relay, its consumers of identity, folders and notifications, its mail
 * digests, and builds its app.
 */
export async function createTasks(options: TasksOptions) {
  const config = options.config ?? defaultTasksConfig();
  const core = await openServiceCore<TasksTables>({
    ...options,
    name: SERVICE_NAME,
    database: options.database ?? 'baton_tasks',
    migrations,
    config,
  });
  const { db, logger } = core;
  await core.consume(identityConsumer(config));
  await core.consume(foldersConsumer);
  await core.consume(notificationsConsumer);
  const deps: TasksDeps = {
    db,
    config,
    logger,
    verifyAccess: core.verifyAccess,
    write: core.write,
    identity: options.identity,
    files: filesClient(options.files, logger),
    mailCaps: new MailCaps(db, config.RATE_LIMITS),
    commentLimit: new RateLimiter(
      db,
      'comments',
      config.RATE_LIMITS ? { max: limits.commentsPerMinute, windowMs: 60_000 } : null,
      commentMessages.tooFast,
    ),
    wholeListLimit: new RateLimiter(
      db,
      'whole-lists',
      config.RATE_LIMITS ? { max: limits.wholeListsPerMinute, windowMs: 60_000 } : null,
      taskMessages.wholeListTooOften,
    ),
  };
  const digests = startMailDigests(deps);
  core.onClose(() => digests.stop());
  const sweeps = startBulkSweeps(deps);
  core.onClose(() => sweeps.stop());
  return { app: createTasksApp(deps, core.readiness), deps, relay: core.relay, close: core.close };
}
export type Tasks = Awaited<ReturnType<typeof createTasks>>;
