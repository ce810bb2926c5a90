import type { Comment, progressLog } from '@baton/contracts';
import type { z } from 'zod';
import type { TasksDb } from '../../context';
import { taskViews, toTask } from '../tasks/tasks.repository';

type ProgressNote = z.infer<typeof progressLog>;

/**
 * The ids of every task `userId` owns or receives (accepted or not yet), newest first as the lists show
 * them: the export reads the tasks themselves a chunk at a time (`exportChunk`), so one export holds a
 * list of ids, never every task, and no connection waits on a slow download between chunks.
 */
export async function exportIds(db: TasksDb, userId: string) {
  const rows = await db
    .selectFrom('tasks')
    .select('id')
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('recipient_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

/** The tasks of `ids` as `userId` sees them, in the order of `ids` (a task deleted meanwhile is left out). */
export async function exportChunk(db: TasksDb, userId: string, ids: string[]) {
  const rows = await taskViews(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row && (row.owner_id === userId || row.recipient_id === userId) ? [toTask(row, userId)] : [];
  });
}

const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
};

/** The comments and progress notes of the tasks of `ids`, oldest first, per task: two queries per chunk. */
export async function notesOf(db: TasksDb, ids: string[]) {
  if (ids.length === 0)
    return { comments: new Map<string, Comment[]>(), progress: new Map<string, ProgressNote[]>() };
  const [comments, logs] = await Promise.all([
    db
      .selectFrom('comments')
      .select(['id', 'task_id', 'author_email', 'author_name', 'content', 'created_at'])
      .where('task_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('progress_logs')
      .select(['id', 'task_id', 'author_name', 'created_at', 'progress', 'message'])
      .where('task_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    comments: new Map(
      [...groupBy(comments, (row) => row.task_id)].map(([taskId, rows]) => [
        taskId,
        rows.map(
          (row): Comment => ({
            id: row.id,
            user: row.author_email,
            name: row.author_name,
            content: row.content,
            timestamp: row.created_at.toISOString(),
          }),
        ),
      ]),
    ),
    progress: new Map(
      [...groupBy(logs, (row) => row.task_id)].map(([taskId, rows]) => [
        taskId,
        rows.map(
          (row): ProgressNote => ({
            id: row.id,
            author_name: row.author_name,
            created_at: row.created_at.toISOString(),
            progress: row.progress,
            message: row.message,
          }),
        ),
      ]),
    ),
  };
}
