import type { EventEnvelope } from '@baton/contracts';
import { type CoreConsumer, enqueueEvent } from '@baton/service-kit';
import type { TasksTrx } from '../context';
import type { TasksTables } from '../db/schema';
import { deleteFolder, fileTasks, upsertFolder } from './folders.repository';

/**
 * After a folder event changed something here, the owner's lists and folder strip fetch again:
 * `tasks.folders.changed`, which notifications turns into `folders_changed` on their /ws/tasks/ log (sent
 * after this commit, so the lists fetched then show it).
 */
const foldersChanged = (trx: TasksTrx, event: EventEnvelope) =>
  enqueueEvent(trx, 'tasks.folders.changed', { actorId: event.actorId, audience: event.audience, data: {} });

async function onFolderSaved(
  event: EventEnvelope<'folders.folder.created' | 'folders.folder.updated'>,
  trx: TasksTrx,
) {
  if (!event.actorId) return;
  const { folder } = event.data;
  await upsertFolder(trx, { id: folder.id, ownerId: event.actorId, name: folder.name, color: folder.color });
  await foldersChanged(trx, event);
}

/** `tasks-folders`: folder names and colours for the cards, and which folder each personal task is filed in. */
export const foldersConsumer: CoreConsumer<TasksTables> = {
  spec: { durable: 'tasks-folders', stream: 'FOLDERS' },
  handlers: {
    'folders.folder.created': onFolderSaved,
    'folders.folder.updated': onFolderSaved,
    'folders.folder.deleted': async (event, trx) => {
      await deleteFolder(trx, event.data.folderId);
      await foldersChanged(trx, event);
    },
    'folders.tasks.attached': async (event, trx) => {
      const { folderId, taskIds } = event.data;
      if (taskIds.length === 0 || !event.actorId) return;
      await fileTasks(trx, folderId, event.actorId, taskIds);
      await foldersChanged(trx, event);
    },
  },
};
