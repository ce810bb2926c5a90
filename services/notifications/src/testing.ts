import { randomUUID } from 'node:crypto';
import type { EventData, EventEnvelope, EventSubject, PushMessage, Task } from '@baton/contracts';
import { createMailer } from '@baton/mailer';
import type { EventBus } from '@baton/service-kit';
import { migratedTestDatabase } from '@baton/service-kit/testing';
import { eventually, startTestTasks } from '@baton/tasks/testing';
import {
  databaseServerUrl,
  dropDatabase,
  jsonRequest,
  type SignedUpUser,
  startSmtpCapture,
} from '@baton/test-kit';
import { sql } from 'kysely';
import { createNotifications } from './app';
import { defaultNotificationsConfig, type NotificationsConfig } from './config';
import type { NotificationsDb } from './context';
import { migrations } from './db/migrations';
import { startLocalPushService } from './push/testing';

/** A task as events carry it. */
export const sampleTask = (overrides: Partial<Task> = {}): Task => ({
  id: randomUUID(),
  title: 'Quarterly report',
  description: '',
  dueDate: '2026-11-28',
  priority: 'Moderate',
  progress: 0,
  completed: false,
  completedAt: null,
  created_at: new Date().toISOString(),
  owner: 'ana@example.com',
  firstName: 'Ana',
  assigned_users: [],
  invited_users: [],
  is_trusted: false,
  is_accepted: false,
  folder: null,
  attachmentKey: null,
  attachmentUrl: null,
  attachment: null,
  category: 'Tasks Delegated - Assigned',
  reminder: null,
  overdueNotice: false,
  declined: null,
  proposal: null,
  recurrence: null,
  ...overrides,
});

/** An event envelope as a service's outbox writes it. */
export const eventOf = <S extends EventSubject>(
  type: S,
  event: { actorId: string | null; audience: string[]; data: EventData<S> },
): EventEnvelope<S> => ({ id: randomUUID(), type, occurredAt: new Date().toISOString(), ...event });

/**
 * notifications beside real identity and tasks (fresh databases of the test Postgres) on one bus, which
 * is in-process unless given. Every push the bus carries is recorded per person.
 */
export async function startTestNotifications(
  options: { bus?: EventBus; config?: Partial<NotificationsConfig> } = {},
) {
  const t = await startTestTasks({ bus: options.bus });
  const database = await migratedTestDatabase('notifications', migrations);
  // notifications' own SMTP capture (tasks' accept-link mails go to `smtp`, tasks' own).
  const mailbox = await startSmtpCapture();
  const mailer = createMailer({ smtpUrl: mailbox.smtpUrl, from: 'Baton <no-reply@baton.test>' });
  /**
   * notifications on this database and bus: the service, and any replica or restart a test starts. Closing
   * one twice closes it once (a test may stop the service before `close`).
   */
  const startService = async (config?: Partial<NotificationsConfig>) => {
    const started = await createNotifications({
      databaseUrl: databaseServerUrl(),
      database,
      bus: t.bus,
      mailer,
      keys: t.identity.identity.deps.keys.resolver,
      config: {
        ...defaultNotificationsConfig(),
        PUBLIC_URL: 'http://baton.test',
        ...options.config,
        ...config,
      },
    });
    let closing: Promise<void> | undefined;
    return { ...started, close: () => (closing ??= started.close()) };
  };
  const service = await startService();
  const db = service.deps.db;
  const pushes: Array<{ userId: string; message: PushMessage }> = [];
  const listening = t.bus.subscribeCore('push.user.*', (message, subject) => {
    pushes.push({ userId: subject.split('.')[2] ?? '', message: message as PushMessage });
  });
  const person = async (overrides?: Parameters<typeof t.person>[0]) => {
    const user = await t.person(overrides);
    await eventually(() => db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst());
    return user;
  };
  return {
    ...t,
    service,
    db,
    pushes,
    person,
    /** A call to the notification routes. */
    notificationsCall: (method: string, path: string, token?: string, body?: unknown) =>
      service.app.request(path, jsonRequest(method, body, token)),
    /** Stored notifications of one person (deleted ones too), oldest first. */
    storedFor: (userId: string) =>
      db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    pushesTo: (userId: string, channel: PushMessage['channel']) =>
      pushes.filter((p) => p.userId === userId && p.message.channel === channel).map((p) => p.message),
    /** Publishes a task event as tasks' outbox would, and waits until notifications has handled it. */
    async handled(event: EventEnvelope) {
      await t.bus.publish(event.type, event, { msgId: event.id });
      await eventually(() =>
        db
          .selectFrom('kit_processed_events')
          .select('event_id')
          .where('consumer', '=', 'notifications-tasks')
          .where('event_id', '=', event.id)
          .executeTakeFirst(),
      );
    },
    /** What notifications mailed (its own SMTP capture). */
    mailbox,
    /** Mails notifications sent to `email`, in the order they arrived. */
    mailsTo: (email: string) =>
      mailbox.mails.filter((mail) => mail.to.some((to) => to.toLowerCase() === email.toLowerCase())),
    /**
     * Another notifications on the same database, bus and mail: a replica beside `service`, or the service
     * started again after a test closed it (`service.close()`). The caller closes it.
     */
    startService,
    async close() {
      listening.unsubscribe();
      await service.close();
      mailer.close();
      await mailbox.stop();
      await t.close();
      await dropDatabase(database);
    },
  };
}
export type TestNotifications = Awaited<ReturnType<typeof startTestNotifications>>;

/**
 * notifications (its job queue polled every 100 ms) beside a local push service it may deliver to: the whole
 * path of a notification, bell, mail and push, for one test file.
 */
export async function startNotificationsWithPush() {
  const pushService = await startLocalPushService();
  const t = await startTestNotifications({
    config: { SCHEDULER_POLL_MS: 100, PUSH_TEST_ORIGINS: [pushService.origin] },
  });
  const close = async () => {
    await t.close();
    await pushService.close();
  };
  return { t, pushService, close };
}

/** Events as tasks publishes them, from `from` to `to`, about the task `taskId` (a new one unless given). */
export const taskEvents = (from: SignedUpUser, to: SignedUpUser, taskId: string = randomUUID()) => {
  const audience = [from.id, to.id];
  const task = (accepted: boolean) =>
    sampleTask({ id: taskId, owner: from.email, firstName: from.firstname, is_accepted: accepted });
  return {
    taskId,
    comment: (content: string) =>
      eventOf('tasks.comment.created', {
        actorId: from.id,
        audience,
        data: {
          taskId,
          taskTitle: 'Quarterly report',
          comment: {
            id: randomUUID(),
            user: from.email,
            name: from.firstname,
            content,
            timestamp: new Date().toISOString(),
          },
        },
      }),
    /** `from` assigns the task to `to`: accepted at once when `from` is trusted (no accept-link mail went). */
    assigned: ({ accepted }: { accepted: boolean }) =>
      eventOf('tasks.task.assigned', {
        actorId: from.id,
        audience,
        data: { task: task(accepted), recipientEmail: to.email, recipientId: to.id },
      }),
    progress: (progress: number, message = '') =>
      eventOf('tasks.task.progress', {
        actorId: from.id,
        audience,
        data: { taskId, title: 'Quarterly report', progress, message },
      }),
    completed: () =>
      eventOf('tasks.task.completed', {
        actorId: from.id,
        audience,
        data: { task: { ...task(true), completed: true } },
      }),
    accepted: () =>
      eventOf('tasks.task.accepted', {
        actorId: from.id,
        audience,
        data: { taskId, title: 'Quarterly report', userId: from.id, role: 'assign' },
      }),
    updated: () => eventOf('tasks.task.updated', { actorId: from.id, audience, data: { task: task(true) } }),
  };
};

/** The queued job of `key` (not run yet, or failed), with its time. */
export const queuedJob = async (db: NotificationsDb, key: string) =>
  (
    await sql<{ run_at: Date; attempts: number }>`
      select run_at, attempts from graphile_worker._private_jobs where key = ${key}`.execute(db)
  ).rows[0];

/** Time passes: the job of `key` comes due now. */
export const comesDue = (db: NotificationsDb, key: string) =>
  sql`update graphile_worker._private_jobs set run_at = now() where key = ${key}`.execute(db);

/** Whether every job that came due has run, and every mail the outbox held reached the SMTP server. */
export async function settled(db: NotificationsDb) {
  const { rows } = await sql<{ jobs: string; mails: string }>`
    select (select count(*) from graphile_worker._private_jobs where run_at <= now() and attempts < max_attempts) as jobs,
           (select count(*) from kit_outbox where destination = 'mail') as mails`.execute(db);
  return Number(rows[0]?.jobs) === 0 && Number(rows[0]?.mails) === 0;
}
