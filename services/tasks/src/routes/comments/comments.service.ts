import type { Comment } from '@baton/contracts';
import { type AuthContext, enqueueEvent, enqueuePush } from '@baton/service-kit';
import { type Selectable, sql } from 'kysely';
import { taskFor } from '../../access';
import type { TasksDb, TasksDeps } from '../../context';
import type { CommentsTable } from '../../db/schema';
import { actingAs } from '../../erasure';
import { audienceOf } from '../../views';

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
export async function listComments(db: TasksDb, taskId: string, after: string | undefined) {
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

/**
 * Stores `content` as `me`'s comment on the task, with its `tasks.comment.created` event (notifications) and
 * its push to the audience's `/ws/comments/{taskId}/` sockets in the same transaction. The one way a comment
 * is added: the REST route and the gateway's socket (which calls that route) both end here.
 */
export async function addComment(deps: TasksDeps, me: AuthContext, taskId: string, content: string) {
  const comment = await deps.db.transaction().execute(async (trx) => {
    await actingAs(trx, me.userId);
    // The task cannot be deleted under a comment being written, nor answer a stale permission.
    await trx.selectFrom('tasks').select('id').where('id', '=', taskId).forKeyShare().execute();
    const { row } = await taskFor(trx, taskId, me.userId, 'comment');
    // Counted with the comment: a refused one (429) rolls back and spends nothing.
    await deps.commentLimit.consume(me.userId, trx);
    // One comment of a task at a time, stamped inside the lock: their times follow commit order, so a client
    // that has every comment up to one has every comment before it (`after`).
    await sql`select pg_advisory_xact_lock(hashtextextended(${`comments:${taskId}`}, 0))`.execute(trx);
    const author = await trx
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', me.userId)
      .executeTakeFirst();
    const inserted = await trx
      .insertInto('comments')
      .values({
        task_id: taskId,
        author_id: me.userId,
        author_email: me.email,
        author_name: [author?.first_name, author?.last_name].filter(Boolean).join(' ') || me.email,
        content,
        created_at: sql<Date>`clock_timestamp()`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const saved = toComment(inserted);
    const audience = audienceOf(row);
    await enqueueEvent(trx, 'tasks.comment.created', {
      actorId: me.userId,
      audience,
      data: { taskId, taskTitle: row.title, comment: saved },
    });
    for (const userId of new Set(audience))
      await enqueuePush(trx, userId, { channel: 'comments', taskId, payload: { comment: saved } });
    return saved;
  });
  deps.afterOutboxWrite();
  return comment;
}

/** Tells the audience's comment sockets on this task that it is gone (in the deleting transaction). */
export async function endCommentSockets(trx: TasksDb, taskId: string, audience: readonly string[]) {
  for (const userId of new Set(audience))
    await enqueuePush(trx, userId, { channel: 'comments', taskId, payload: { taskDeleted: true } });
}
