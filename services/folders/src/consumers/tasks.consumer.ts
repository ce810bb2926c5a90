import type { EventEnvelope } from '@baton/contracts';
import { type CoreConsumer, enqueueEvent } from '@baton/service-kit';
import type { FoldersTrx } from '../context';
import type { FoldersTables } from '../db/schema';
import { deleteTaskCopy, isErased, lockTaskCopy, upsertTaskCopy } from './tasks.repository';

/**
 * The owner's strip shows counts: they fetch their folders again when one changed (`folders.counts.changed`,
 * which notifications turns into `folders_changed` on their /ws/tasks/ log).
 */
const countsChanged = (trx: FoldersTrx, ownerId: string) =>
  enqueueEvent(trx, 'folders.counts.changed', { actorId: ownerId, audience: [ownerId], data: {} });

type TaskChange = EventEnvelope<
  'tasks.task.created' | 'tasks.task.updated' | 'tasks.task.completed' | 'tasks.task.reopened'
>;

/**
 * A personal task as tasks' events describe it. Its folder is taken from the event only when the event
 * is newer than what this service decided (an attach or a folder deletion), so a late event never undoes one.
 */
async function onTaskChanged(event: TaskChange, trx: FoldersTrx) {
  const { task } = event.data;
  const ownerId = event.audience[0];
  if (task.category !== 'Personal Tasks' || !ownerId) return;
  if (await isErased(trx, ownerId)) return;
  const at = new Date(event.occurredAt);
  const before = await lockTaskCopy(trx, task.id);
  const folderId = before && before.folder_changed_at > at ? before.folder_id : (task.folder?.id ?? null);
  await upsertTaskCopy(trx, { id: task.id, ownerId, folderId, completed: task.completed, at });
  if (folderId !== (before?.folder_id ?? null) || (folderId && task.completed !== before?.completed))
    await countsChanged(trx, ownerId);
}

/** `folders-tasks`: personal tasks, for filing and counts. */
export const tasksConsumer: CoreConsumer<FoldersTables> = {
  spec: { durable: 'folders-tasks', stream: 'TASKS' },
  handlers: {
    'tasks.task.created': onTaskChanged,
    'tasks.task.updated': onTaskChanged,
    'tasks.task.completed': onTaskChanged,
    'tasks.task.reopened': onTaskChanged,
    'tasks.task.deleted': async (event, trx) => {
      const gone = await deleteTaskCopy(trx, event.data.taskId);
      if (gone?.folder_id) await countsChanged(trx, gone.owner_id);
    },
  },
};
