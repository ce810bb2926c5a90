import { commentMessages } from '@baton/contracts';
import { type AuthContext, enqueueEvent, enqueuePush, HttpError } from '@baton/service-kit';
import { actingAs, taskFor } from '../../access';
import type { TasksDeps, TasksTrx } from '../../context';
import { fullName } from '../../people.repository';
import { audienceOf } from '../tasks/tasks.repository';
import { commentsOf, holdTask, insertComment, lockThread } from './comments.repository';

/** The thread of a task the person may read the comments of; with `after`, what came after that comment. */
export async function listComments(
  deps: TasksDeps,
  me: AuthContext,
  taskId: string,
  after: string | undefined,
) {
  await taskFor(deps.db, taskId, me.userId, 'readComments');
  return { comments: await commentsOf(deps.db, taskId, after) };
}

/**
 * Stores `content` as `me`'s comment on the task, with its `tasks.comment.created` event (notifications) and
 * its push to the audience's `/ws/comments/{taskId}/` sockets in the same transaction. The one way a comment
 * is added: the REST route and the gateway's socket (which calls that route) both end here.
 */
export async function addComment(
  deps: TasksDeps,
  me: AuthContext,
  body: { task_id: string; user_email: string; content: string },
) {
  // As the caller only.
  if (body.user_email !== me.email.toLowerCase())
    throw new HttpError(403, 'forbidden', commentMessages.notYou);
  const { task_id: taskId, content } = body;
  return deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    // The task cannot be deleted under a comment being written, nor answer a stale permission.
    await holdTask(trx, taskId);
    const { row } = await taskFor(trx, taskId, me.userId, 'comment');
    // Counted with the comment: a refused one (429) rolls back and spends nothing.
    await deps.commentLimit.consume(me.userId, trx);
    // One comment of a task at a time, stamped inside the lock: their times follow commit order, so a client
    // that has every comment up to one has every comment before it (`after`).
    await lockThread(trx, taskId);
    const saved = await insertComment(trx, {
      task_id: taskId,
      author_id: me.userId,
      author_email: me.email,
      author_name: (await fullName(trx, me.userId)) || me.email,
      content,
    });
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
}

/** Tells the audience's comment sockets on this task that it is gone (in the deleting transaction). */
export async function endCommentSockets(trx: TasksTrx, taskId: string, audience: readonly string[]) {
  for (const userId of new Set(audience))
    await enqueuePush(trx, userId, { channel: 'comments', taskId, payload: { taskDeleted: true } });
}
