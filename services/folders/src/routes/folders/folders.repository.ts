import type { Folder } from '@baton/contracts';
import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { FoldersDb, FoldersTrx } from '../../context';
import type { FoldersTables } from '../../db/schema';

type Db = FoldersDb | FoldersTrx;

/** Folders with the number of open tasks filed in each (SPEC §3 task_count). */
export function selectFolders(db: Db) {
  return db
    .selectFrom('folders as f')
    .selectAll('f')
    .select((eb) =>
      eb
        .selectFrom('tasks as t')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('t.folder_id', '=', 'f.id')
        .where('t.completed', '=', false)
        .as('task_count'),
    )
    .orderBy('f.sort_order')
    .orderBy('f.created_at')
    .orderBy('f.id');
}
export type FolderRow = Awaited<ReturnType<ReturnType<typeof selectFolders>['executeTakeFirstOrThrow']>>;

export const toFolder = (row: FolderRow): Folder => ({
  id: row.id,
  name: row.name,
  color: row.color,
  baseFileKey: row.base_file_key,
  baseFileLabel: row.base_file_label,
  baseFileUrl: row.base_file_url,
  sort_order: row.sort_order,
  is_archived: row.is_archived,
  task_count: Number(row.task_count ?? 0),
  attachmentUrl: row.base_file_url,
  created_at: row.created_at.toISOString(),
});

/** A person's folders, archived or not. */
export const foldersOf = (db: Db, ownerId: string, archived: boolean) =>
  selectFolders(db).where('f.owner_id', '=', ownerId).where('f.is_archived', '=', archived).execute();

/** The folder if `ownerId` owns it. */
export const ownFolder = (db: Db, id: string, ownerId: string) =>
  selectFolders(db).where('f.id', '=', id).where('f.owner_id', '=', ownerId).executeTakeFirst();

export const folderView = async (db: Db, id: string) =>
  toFolder(await selectFolders(db).where('f.id', '=', id).executeTakeFirstOrThrow());

export const insertFolderRow = (db: Db, row: Insertable<FoldersTables['folders']>) =>
  db.insertInto('folders').values(row).execute();

export const updateFolderRow = (db: Db, id: string, changes: Updateable<FoldersTables['folders']>) =>
  db
    .updateTable('folders')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();

/** Deletes the folder; its tasks stay, unfiled. */
export async function deleteFolderRow(db: Db, id: string) {
  await db
    .updateTable('tasks')
    .set({ folder_id: null, folder_changed_at: sql<Date>`now()` })
    .where('folder_id', '=', id)
    .execute();
  await db.deleteFrom('folders').where('id', '=', id).execute();
}

/** Which of `ids` this service knows as tasks. */
export const knownTaskIds = async (db: Db, ids: string[]) =>
  (await db.selectFrom('tasks').select('id').where('id', 'in', ids).execute()).map((task) => task.id);

/** Personal tasks asked of tasks, kept here as their events would keep them (their events may be late). */
export const rememberTasks = (db: Db, ownerId: string, tasks: { id: string; completed: boolean }[]) =>
  db
    .insertInto('tasks')
    .values(
      tasks.map((task) => ({
        id: task.id,
        owner_id: ownerId,
        folder_id: null,
        completed: task.completed,
        folder_changed_at: new Date(0),
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

/** Files the owner's tasks among `ids` in the folder; the ids it filed. */
export const fileTasks = async (db: Db, folderId: string, ownerId: string, ids: string[]) =>
  (
    await db
      .updateTable('tasks')
      .set({ folder_id: folderId, folder_changed_at: sql<Date>`now()` })
      .where('id', 'in', ids)
      .where('owner_id', '=', ownerId)
      .returning('id')
      .execute()
  ).map((task) => task.id);
