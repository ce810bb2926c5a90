import { progressRequest, taskIdParam } from '@baton/contracts';
import { type AppEnv, conflict, enqueueEvent, jsonBody, pathParams, requireAuth } from '@baton/service-kit';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { taskFor } from '../../access';
import type { TasksDeps } from '../../context';
import { actingAs } from '../../erasure';
import { audienceOf } from '../../views';

export const progressMessages = {
  saved: 'Progress updated.',
  completed: 'Reopen the task to change its progress.',
} as const;

/** Progress updates with an optional note, and their history (SPEC §4 Progress slider, §7). */
export function progressRoutes(deps: TasksDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.verifyAccess);

  app.post('/progress/:taskId/', auth, async (c) => {
    const me = c.get('auth');
    const { taskId } = pathParams(c, taskIdParam);
    const body = await jsonBody(c, progressRequest);
    const { row } = await taskFor(deps.db, taskId, me.userId, 'progress');
    if (row.completed) throw conflict(progressMessages.completed);
    await deps.db.transaction().execute(async (trx) => {
      await actingAs(trx, me.userId);
      const author = await trx
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', me.userId)
        .executeTakeFirst();
      const name = [author?.first_name, author?.last_name].filter(Boolean).join(' ') || me.email;
      await trx
        .insertInto('progress_logs')
        .values({
          task_id: taskId,
          author_id: me.userId,
          author_name: name,
          progress: body.progress,
          message: body.message,
        })
        .execute();
      await trx
        .updateTable('tasks')
        .set({ progress: body.progress, updated_at: new Date() })
        .where('id', '=', taskId)
        .execute();
      await enqueueEvent(trx, 'tasks.task.progress', {
        actorId: me.userId,
        audience: audienceOf(row),
        data: { taskId, title: row.title, progress: body.progress, message: body.message },
      });
    });
    deps.afterOutboxWrite();
    return c.json({ message: progressMessages.saved });
  });

  app.get('/progress-logs/:taskId/', auth, async (c) => {
    const me = c.get('auth');
    const { taskId } = pathParams(c, taskIdParam);
    await taskFor(deps.db, taskId, me.userId, 'view');
    // SPEC §7: duplicates (same author, time and progress) removed, newest first. Time to the second, so a
    // double submit counts as one.
    const second = sql<Date>`date_trunc('second', created_at)`;
    const unique = deps.db
      .selectFrom('progress_logs')
      .select(['id', 'author_name', 'created_at', 'progress', 'message'])
      .distinctOn(['author_name', second, 'progress'])
      .where('task_id', '=', taskId)
      .orderBy('author_name')
      .orderBy(second)
      .orderBy('progress')
      .orderBy('created_at')
      .as('unique_logs');
    const logs = await deps.db
      .selectFrom(unique)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return c.json({ logs: logs.map((log) => ({ ...log, created_at: log.created_at.toISOString() })) });
  });

  return app;
}
