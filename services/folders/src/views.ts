import type { Folder } from '@baton/contracts';
import type { FoldersDb, FoldersTrx } from './context';

/** Folders with the number of open tasks filed in each (SPEC §3 task_count). */
export function selectFolders(db: FoldersDb | FoldersTrx) {
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
