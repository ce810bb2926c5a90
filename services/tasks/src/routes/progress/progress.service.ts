import type { progressRequest } from '@baton/contracts';
import { type AuthContext, conflict, enqueueEvent } from '@baton/service-kit';
import type { z } from 'zod';
import { actingAs, taskFor } from '../../access';
import type { TasksDeps } from '../../context';
import { fullName } from '../../people.repository';
import { audienceOf, updateTaskRow } from '../tasks/tasks.repository';
import { insertProgressLog, progressLogsOf } from './progress.repository';

export const progressMessages = {
  saved: 'Progress updated.',
  completed: 'Reopen the task to change its progress.',
} as const;

/** Sets the task's progress, with an optional note in its history (SPEC §4 Progress slider). */
export async function updateProgress(
  deps: TasksDeps,
  me: AuthContext,
  taskId: string,
  body: z.output<typeof progressRequest>,
) {
  const { row } = await taskFor(deps.db, taskId, me.userId, 'progress');
  if (row.completed) throw conflict(progressMessages.completed);
  await deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    await insertProgressLog(trx, {
      task_id: taskId,
      author_id: me.userId,
      author_name: (await fullName(trx, me.userId)) || me.email,
      progress: body.progress,
      message: body.message,
    });
    await updateTaskRow(trx, taskId, { progress: body.progress });
    await enqueueEvent(trx, 'tasks.task.progress', {
      actorId: me.userId,
      audience: audienceOf(row),
      data: { taskId, title: row.title, progress: body.progress, message: body.message },
    });
  });
  return { message: progressMessages.saved };
}

/** The task's progress history, for whoever may see the task. */
export async function progressLogs(deps: TasksDeps, me: AuthContext, taskId: string) {
  await taskFor(deps.db, taskId, me.userId, 'view');
  const logs = await progressLogsOf(deps.db, taskId);
  return { logs: logs.map((log) => ({ ...log, created_at: log.created_at.toISOString() })) };
}
