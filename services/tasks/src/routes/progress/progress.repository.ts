import { type Insertable, sql } from 'kysely';
import type { TasksDb, TasksTrx } from '../../context';
import type { ProgressLogsTable } from '../../db/schema';

type Db = TasksDb | TasksTrx;

export const insertProgressLog = (trx: TasksTrx, row: Insertable<ProgressLogsTable>) =>
  trx.insertInto('progress_logs').values(row).execute();

/**
 * SPEC §7: the task's progress history, duplicates (same author, time and progress) removed, newest first.
 * Time to the second, so a double submit counts as one.
 */
export async function progressLogsOf(db: Db, taskId: string) {
  const second = sql<Date>`date_trunc('second', created_at)`;
  const unique = db
    .selectFrom('progress_logs')
    .select(['id', 'author_name', 'created_at', 'progress', 'message'])
    .distinctOn(['author_name', second, 'progress'])
    .where('task_id', '=', taskId)
    .orderBy('author_name')
    .orderBy(second)
    .orderBy('progress')
    .orderBy('created_at')
    .as('unique_logs');
  return db.selectFrom(unique).selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}
