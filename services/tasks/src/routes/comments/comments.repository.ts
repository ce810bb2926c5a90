import type { Comment } from '@baton/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { TasksDb, TasksTrx } from '../../context';
import type { CommentsTable } from '../../db/schema';

type Db = TasksDb | TasksTrx;

const toComment = (row: Selectable<CommentsTable>): Comment => ({
  id: row.id,
  user: row.author_email,
  name: row.author_name,
  content: row.content,
  timestamp: row.created_at.toISOString(),
});

/**
 * A task's comments, oldest first; with `after`, only those written after that comment (an `after` that
 * names none of the task's comments, say one erased with its author's account, gives the whole thread).
 */
export async function commentsOf(db: Db, taskId: string, after: string | undefined) {
  let query = db.selectFrom('comments').selectAll().where('task_id', '=', taskId);
  const anchor =
    after &&
    (await db
      .selectFrom('comments')
      .select('id')
      .where('id', '=', after)
      .where('task_id', '=', taskId)
      .executeTakeFirst());
  if (anchor)
    query = query.where(
      sql<boolean>`(created_at, id) > (select a.created_at, a.id from comments a where a.id = ${anchor.id})`,
    );
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows.map(toComment);
}

/** The task cannot be deleted until the transaction ends. */
export const holdTask = (trx: TasksTrx, taskId: string) =>
  trx.selectFrom('tasks').select('id').where('id', '=', taskId).forKeyShare().execute();

/**
 * One comment of a task at a time until the transaction ends: stamped inside this lock, their times follow
 * commit order.
 */
export const lockThread = (trx: TasksTrx, taskId: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`comments:${taskId}`}, 0))`.execute(trx);

/** Stores the comment, stamped with the time of this statement. */
export async function insertComment(trx: TasksTrx, row: Omit<Insertable<CommentsTable>, 'created_at'>) {
  const inserted = await trx
    .insertInto('comments')
    .values({ ...row, created_at: sql<Date>`clock_timestamp()` })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toComment(inserted);
}
