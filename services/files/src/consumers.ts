import { eventData as data, type EventEnvelope } from '@baton/contracts';
import { type EventBus, type Logger, startDurableConsumer } from '@baton/service-kit';
import type { FilesDb, FilesTrx } from './context';
import type { ObjectStore } from './store/store';
import { deleteUploads } from './uploads';

/** The thing that let go of a file, and the file. */
function detachedFile(event: EventEnvelope) {
  if (event.type === 'folders.basefile.detached') {
    const { folderId, key } = data(event, 'folders.basefile.detached');
    return { kind: 'folder' as const, id: folderId, key };
  }
  const { taskId, key } = data(event, 'tasks.attachment.detached');
  return { kind: 'task' as const, id: taskId, key };
}

/** A task or folder let go of a file: its bytes go (the key must still be attached to that thing). */
async function onDetached(trx: FilesTrx, store: ObjectStore, event: EventEnvelope) {
  const { kind, id, key } = detachedFile(event);
  const rows = await trx
    .selectFrom('uploads')
    .select('key')
    .where('key', '=', key)
    .where('ref_kind', '=', kind)
    .where('ref_id', '=', id)
    .forUpdate()
    .execute();
  await deleteUploads(trx, store, rows);
}

/** An account was deleted: every file it uploaded goes, and nothing presigned for it later is kept. */
async function onUserDeleted(trx: FilesTrx, store: ObjectStore, event: EventEnvelope) {
  const { userId } = data(event, 'identity.user.deleted');
  await trx
    .insertInto('erased_users')
    .values({ id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await trx
    .selectFrom('uploads')
    .select('key')
    .where('owner_id', '=', userId)
    .where('state', '!=', 'deleted')
    .forUpdate()
    .execute();
  await deleteUploads(trx, store, rows);
}

/**
 * files' durable consumers: `files-tasks` (tasks.attachment.detached), `files-folders`
 * (folders.basefile.detached) and `files-identity` (identity.user.deleted). Each deletes the objects in the transaction that records the event, so a crash
 * or an outage of this service delays a deletion and never loses or repeats one.
 */
export async function startConsumers(options: {
  bus: EventBus;
  db: FilesDb;
  store: ObjectStore;
  logger: Logger;
}) {
  const { store, ...common } = options;
  const detach = (event: EventEnvelope, trx: unknown) => onDetached(trx as FilesTrx, store, event);
  const tasks = await startDurableConsumer({
    ...common,
    spec: { durable: 'files-tasks', stream: 'TASKS', subjects: ['tasks.attachment.detached'] },
    handle: detach,
  });
  const folders = await startDurableConsumer({
    ...common,
    spec: { durable: 'files-folders', stream: 'FOLDERS', subjects: ['folders.basefile.detached'] },
    handle: detach,
  });
  const identity = await startDurableConsumer({
    ...common,
    spec: { durable: 'files-identity', stream: 'IDENTITY', subjects: ['identity.user.deleted'] },
    handle: (event, trx) => onUserDeleted(trx as unknown as FilesTrx, store, event),
  });
  return {
    async stop() {
      await tasks.stop();
      await folders.stop();
      await identity.stop();
    },
  };
}
