import { eventData as data, type EventEnvelope } from '@baton/contracts';
import { type EventBus, enqueueEvent, type Logger, startDurableConsumer } from '@baton/service-kit';
import { sql } from 'kysely';
import type { FoldersDb, FoldersTrx } from './context';

const taskEvents = [
  'tasks.task.created',
  'tasks.task.updated',
  'tasks.task.completed',
  'tasks.task.reopened',
];

/**
 * The owner's strip shows counts: they fetch their folders again when one changed (`folders.counts.changed`,
 * which notifications turns into `folders_changed` on their /ws/tasks/ log).
 */
const countsChanged = (trx: FoldersTrx, ownerId: string) =>
  enqueueEvent(trx, 'folders.counts.changed', { actorId: ownerId, audience: [ownerId], data: {} });

/**
 * A personal task as tasks' events describe it. Its folder is taken from the event only when the event
 * is newer than what this service decided (an attach or a folder deletion), so a late event never undoes one.
 */
async function onTask(trx: FoldersTrx, event: EventEnvelope) {
  if (event.type === 'tasks.task.deleted') {
    const { taskId } = data(event, 'tasks.task.deleted');
    const gone = await trx
      .deleteFrom('tasks')
      .where('id', '=', taskId)
      .returning(['owner_id', 'folder_id'])
      .executeTakeFirst();
    if (gone?.folder_id) await countsChanged(trx, gone.owner_id);
    return;
  }
  const { task } = data(event, 'tasks.task.updated');
  const ownerId = event.audience[0];
  if (task.category !== 'Personal Tasks' || !ownerId) return;
  const erased = await trx
    .selectFrom('erased_users')
    .select('id')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  if (erased) return;
  const at = new Date(event.occurredAt);
  const before = await trx
    .selectFrom('tasks')
    .selectAll()
    .where('id', '=', task.id)
    .forUpdate()
    .executeTakeFirst();
  const folderId = before && before.folder_changed_at > at ? before.folder_id : (task.folder?.id ?? null);
  await trx
    .insertInto('tasks')
    .values({
      id: task.id,
      owner_id: ownerId,
      folder_id: folderId,
      completed: task.completed,
      folder_changed_at: at,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        folder_id: folderId,
        completed: task.completed,
        folder_changed_at: sql<Date>`greatest(tasks.folder_changed_at, excluded.folder_changed_at)`,
      }),
    )
    .execute();
  if (folderId !== (before?.folder_id ?? null) || (folderId && task.completed !== before?.completed))
    await countsChanged(trx, ownerId);
}

/** identity.user.deleted: that person's folders and their copy of tasks leave this service. */
async function onUserDeleted(trx: FoldersTrx, event: EventEnvelope) {
  const { userId } = data(event, 'identity.user.deleted');
  await trx
    .insertInto('erased_users')
    .values({ id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx.deleteFrom('tasks').where('owner_id', '=', userId).execute();
  await trx.deleteFrom('folders').where('owner_id', '=', userId).execute();
}

/** folders' durable consumers: `folders-tasks` (personal tasks, for filing and counts) and `folders-identity`. */
export async function startProjections(options: {
  bus: EventBus;
  db: FoldersDb;
  logger: Logger;
  afterCommit: () => void;
}) {
  const common = {
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    afterCommit: options.afterCommit,
  };
  const tasks = await startDurableConsumer({
    ...common,
    spec: { durable: 'folders-tasks', stream: 'TASKS', subjects: [...taskEvents, 'tasks.task.deleted'] },
    handle: (event, trx) => onTask(trx as unknown as FoldersTrx, event),
  });
  const identity = await startDurableConsumer({
    ...common,
    spec: { durable: 'folders-identity', stream: 'IDENTITY', subjects: ['identity.user.deleted'] },
    handle: (event, trx) => onUserDeleted(trx as unknown as FoldersTrx, event),
  });
  return {
    async stop() {
      await tasks.stop();
      await identity.stop();
    },
  };
}
