import { type EventEnvelope, eventData } from '@baton/contracts';
import { type EventBus, enqueuePush, type Logger, startDurableConsumer } from '@baton/service-kit';
import { sql } from 'kysely';
import type { NotificationsDb, NotificationsTrx } from './context';
import { logTaskMessage } from './task-messages';
import { toNotification } from './views';
import { liveTaskMessage, type NotificationDraft, notificationsFor } from './wording';

type Trx = NotificationsTrx;

/** How a person is named in someone else's notification: first name, else last name, else e-mail. */
async function nameOf(trx: Trx, userId: string | null) {
  if (!userId) return 'Someone';
  const user = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.first_name || user?.last_name || user?.email || 'Someone';
}

/** Of `people`, those whose accounts were deleted (an event may still be in flight after the erasure). */
async function erasedAmong(trx: Trx, people: string[]) {
  if (people.length === 0) return new Set<string>();
  const erased = await trx.selectFrom('erased_users').select('id').where('id', 'in', people).execute();
  return new Set(erased.map((row) => row.id));
}

/** A draft as the row to insert. */
const rowOf = (eventId: string, { userId, type, title, message, taskId, action }: NotificationDraft) => ({
  type,
  title,
  message,
  user_id: userId,
  event_id: eventId,
  task_id: taskId,
  action,
});

async function storeNotifications(trx: Trx, eventId: string, drafts: NotificationDraft[]) {
  if (drafts.length === 0) return [];
  return trx
    .insertInto('notifications')
    .values(drafts.map((draft) => rowOf(eventId, draft)))
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .returningAll()
    .execute();
}

/**
 * Stores collapsing notifications: a person's unread one of the same key (`notifications_collapsed`) counts one
 * more, takes the new words and moves up (pushed again with its id, so the bell replaces it); else a new one.
 */
async function collapseNotifications(trx: Trx, eventId: string, drafts: NotificationDraft[]) {
  const stored = [];
  for (const draft of drafts) {
    const { collapse } = draft;
    if (!collapse) continue;
    const row = await trx
      .insertInto('notifications')
      .values({ ...rowOf(eventId, draft), collapse_key: collapse.key })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'collapse_key'])
          .where('collapse_key', 'is not', null)
          .where('is_read', '=', false)
          .where('is_deleted', '=', false)
          .doUpdateSet({
            count: sql<number>`notifications.count + 1`,
            title: collapse.title,
            message: sql<string>`(notifications.count + 1)::text || ' ' || ${collapse.tail}`,
            created_at: sql<Date>`now()`,
          }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    stored.push(row);
  }
  return stored;
}

/**
 * What an accepted or deleted task changes in the notifications already stored: the recipient who accepted it
 * is not offered Accept again (after a reload either); a deleted one has nothing left to open or accept.
 */
async function settleOffers(trx: Trx, event: EventEnvelope) {
  if (event.type === 'tasks.task.accepted') {
    const { taskId, userId } = eventData(event, 'tasks.task.accepted');
    await trx
      .updateTable('notifications')
      .set({ action: null })
      .where('task_id', '=', taskId)
      .where('user_id', '=', userId)
      .where('action', 'is not', null)
      .execute();
  }
  if (event.type === 'tasks.task.deleted') {
    const { taskId } = eventData(event, 'tasks.task.deleted');
    await trx
      .updateTable('notifications')
      .set({ task_id: null, action: null })
      .where('task_id', '=', taskId)
      .execute();
  }
}

/**
 * Stores the notifications of a task, comment or folder event and queues, in the same transaction, their
 * pushes to `/ws/notifications/`, and logs the event's `/ws/tasks/` message for everyone in its audience (the
 * actor's other tabs too) with its push. The outbox publishes them after commit, so a crash loses none and a
 * redelivery adds none.
 */
export async function onTaskEvent(trx: Trx, event: EventEnvelope) {
  await settleOffers(trx, event);
  const gone = await erasedAmong(trx, event.audience);
  const drafts = notificationsFor(event, await nameOf(trx, event.actorId)).filter((d) => !gone.has(d.userId));
  const stored = [
    ...(await storeNotifications(
      trx,
      event.id,
      drafts.filter((d) => !d.collapse),
    )),
    ...(await collapseNotifications(
      trx,
      event.id,
      drafts.filter((d) => d.collapse),
    )),
  ];
  for (const row of stored)
    await enqueuePush(trx, row.user_id, { channel: 'notifications', payload: toNotification(row) });
  const live = liveTaskMessage(event);
  if (live) {
    const audience = event.audience.filter((userId) => !gone.has(userId));
    await logTaskMessage(trx, event.id, audience, live);
  }
}

async function onIdentityEvent(trx: Trx, event: EventEnvelope) {
  if (event.type === 'identity.user.created') {
    const user = eventData(event, 'identity.user.created');
    const row = { email: user.email, first_name: user.firstName, last_name: user.lastName };
    await trx
      .insertInto('users')
      .values({ id: user.userId, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }
  if (event.type === 'identity.user.deleted') {
    // Erasure: the person's notifications and name leave with the account.
    const { userId } = eventData(event, 'identity.user.deleted');
    await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
    await trx.deleteFrom('task_messages').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await trx
      .insertInto('erased_users')
      .values({ id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The service's durable consumers: people from identity; task, comment and folder events. */
export async function startConsumers(options: {
  bus: EventBus;
  db: NotificationsDb;
  logger: Logger;
  /** Wakes the outbox relay after a commit that queued pushes. */
  afterCommit: () => void;
}) {
  const identity = await startDurableConsumer({
    ...options,
    spec: {
      durable: 'notifications-identity',
      stream: 'IDENTITY',
      subjects: ['identity.user.created', 'identity.user.deleted'],
    },
    handle: (event, trx) => onIdentityEvent(trx as unknown as Trx, event),
  });
  const tasks = await startDurableConsumer({
    ...options,
    spec: {
      durable: 'notifications-tasks',
      stream: 'TASKS',
      subjects: ['tasks.task.*', 'tasks.comment.created', 'tasks.folders.changed'],
      // Handling takes milliseconds; after a crash, what the dead process held comes back within 10 s.
      ackWaitMs: 10_000,
    },
    handle: (event, trx) => onTaskEvent(trx as unknown as Trx, event),
  });
  const folders = await startDurableConsumer({
    ...options,
    spec: { durable: 'notifications-folders', stream: 'FOLDERS', subjects: ['folders.counts.changed'] },
    handle: (event, trx) => onTaskEvent(trx as unknown as Trx, event),
  });
  return {
    async stop() {
      await folders.stop();
      await tasks.stop();
      await identity.stop();
    },
  };
}
