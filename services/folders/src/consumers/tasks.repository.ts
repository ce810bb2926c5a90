import { sql } from 'kysely';
import type { FoldersTrx } from '../context';

/** folders' copy of personal tasks (which folder each is filed in, and whether it is open). */
export const deleteTaskCopy = (trx: FoldersTrx, taskId: string) =>
  trx.deleteFrom('tasks').where('id', '=', taskId).returning(['owner_id', 'folder_id']).executeTakeFirst();

export const isErased = async (trx: FoldersTrx, userId: string) =>
  Boolean(await trx.selectFrom('erased_users').select('id').where('id', '=', userId).executeTakeFirst());

/** The copy of a task, locked until the transaction ends. */
export const lockTaskCopy = (trx: FoldersTrx, taskId: string) =>
  trx.selectFrom('tasks').selectAll().where('id', '=', taskId).forUpdate().executeTakeFirst();

/** Writes the copy of a task; the time of the newest decision about its folder wins. */
export const upsertTaskCopy = (
  trx: FoldersTrx,
  task: { id: string; ownerId: string; folderId: string | null; completed: boolean; at: Date },
) =>
  trx
    .insertInto('tasks')
    .values({
      id: task.id,
      owner_id: task.ownerId,
      folder_id: task.folderId,
      completed: task.completed,
      folder_changed_at: task.at,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        folder_id: task.folderId,
        completed: task.completed,
        folder_changed_at: sql<Date>`greatest(tasks.folder_changed_at, excluded.folder_changed_at)`,
      }),
    )
    .execute();

/** identity.user.deleted: the person is remembered as erased, and their folders and tasks go. */
export async function erasePerson(trx: FoldersTrx, userId: string) {
  await trx
    .insertInto('erased_users')
    .values({ id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx.deleteFrom('tasks').where('owner_id', '=', userId).execute();
  await trx.deleteFrom('folders').where('owner_id', '=', userId).execute();
}
