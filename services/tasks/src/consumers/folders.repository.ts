import type { TasksTrx } from '../context';

/** A folder's name and colour, for the cards of its tasks. */
export const upsertFolder = (
  trx: TasksTrx,
  folder: { id: string; ownerId: string; name: string; color: string | null },
) =>
  trx
    .insertInto('folders')
    .values({ id: folder.id, owner_id: folder.ownerId, name: folder.name, color: folder.color })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: folder.name, color: folder.color }))
    .execute();

/** The folder goes; its tasks stay, unfiled. */
export async function deleteFolder(trx: TasksTrx, folderId: string) {
  await trx.updateTable('tasks').set({ folder_id: null }).where('folder_id', '=', folderId).execute();
  await trx.deleteFrom('folders').where('id', '=', folderId).execute();
}

/** Files the owner's personal tasks among `taskIds` in the folder. */
export const fileTasks = (trx: TasksTrx, folderId: string, ownerId: string, taskIds: string[]) =>
  trx
    .updateTable('tasks')
    .set({ folder_id: folderId })
    .where('id', 'in', taskIds)
    .where('owner_id', '=', ownerId)
    .where('kind', '=', 'personal')
    .execute();
