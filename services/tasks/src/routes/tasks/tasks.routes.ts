import {
  completeTaskRequest,
  delegateTaskForm,
  deleteTaskRequest,
  editSharedTaskForm,
  idParam,
  internalTaskPaths,
  ownPersonalTasksRequest,
  taskForm,
  taskIdParam,
  taskListRequest,
} from '@baton/contracts';
import {
  type AppEnv,
  badRequest,
  executePrepared,
  HttpError,
  jsonBody,
  pathParams,
  requireAuth,
} from '@baton/service-kit';
import { Hono } from 'hono';
import { z } from 'zod';
import { taskFor } from '../../access';
import type { TasksDeps } from '../../context';
import type { TaskKind } from '../../db/schema';
import { tasksAnswer, toTask } from '../../views';
import { taskPage, wholeListQuery } from './pages';
import { dashboardSummary } from './summary';
import { createPersonalTask, delegateTask, deleteTask, setCompleted, updateTask } from './tasks.service';

export const taskWriteMessages = {
  created: 'Task created.',
  updated: 'Task updated.',
  deleted: 'Task deleted.',
  completed: 'Task completed.',
  reopened: 'Task reopened.',
  self: 'You cannot delegate a task to yourself.',
  useEditShared: 'A delegated task is changed with /edit_shared_task/.',
  useCreateList: 'A personal task is changed with /create_list.',
  delegateNew: 'A delegated task is changed with /edit_shared_task/; these routes create one.',
  recipientFixed: 'The recipient of a task cannot be changed.',
  idMismatch: 'The id in the body does not match the address.',
  ownListsOnly: 'You can only list your own tasks.',
  notYou: 'You can only complete tasks as yourself.',
} as const;

/** The answer of every task write (SPEC §7: task_id or id, error, invitation_sent, message). */
const written = (id: string, message: string, invitationSent = false) => ({
  task_id: id,
  id,
  error: null,
  invitation_sent: invitationSent,
  message,
});

/** SPEC §7: one list route per kind, each with both sides of delegated tasks. */
const listPaths: Record<TaskKind, string> = {
  personal: '/api/tasks/personal/',
  assign: '/get_assigned/',
  invite: '/get_invited/',
};

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Lists, create, delegate, edit, delete, complete (SPEC §7 Tasks), with the rules of §5 and §6. */
export function taskRoutes(deps: TasksDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.verifyAccess);

  for (const [kind, path] of Object.entries(listPaths) as [TaskKind, string][]) {
    app.post(path, auth, async (c) => {
      const me = c.get('auth');
      const body = await jsonBody(c, taskListRequest);
      if (!sameEmail(body.userEmail, me.email))
        throw new HttpError(403, 'forbidden', taskWriteMessages.ownListsOnly);
      const answer = body.page
        ? await taskPage(deps.db, kind, me.userId, body.page)
        : tasksAnswer(
            (await executePrepared(deps.db, wholeListQuery(deps.db, kind, me.userId))).map((row) => row.task),
          );
      return c.body(answer, 200, { 'content-type': 'application/json' });
    });
  }

  app.get('/api/tasks/summary/', auth, async (c) =>
    c.json(await dashboardSummary(deps.db, c.get('auth').userId)),
  );

  // After the summary: its path would otherwise read as a task id.
  app.get('/api/tasks/:taskId/', auth, async (c) => {
    const me = c.get('auth');
    const { taskId } = pathParams(c, taskIdParam);
    const { row } = await taskFor(deps.db, taskId, me.userId, 'view');
    return c.json({ task: toTask(row, me.userId) });
  });

  app.post('/create_list', auth, async (c) => {
    const me = c.get('auth');
    const body = await jsonBody(c, taskForm);
    if (body.id) {
      const { row } = await taskFor(deps.db, body.id, me.userId, 'edit');
      if (row.kind !== 'personal') throw badRequest(taskWriteMessages.useEditShared);
      await updateTask(deps, row, body, me);
      return c.json(written(row.id, taskWriteMessages.updated));
    }
    const id = await createPersonalTask(deps, body, me);
    return c.json(written(id, taskWriteMessages.created), 201);
  });

  for (const [path, role] of [
    ['/send_email/assign_user/', 'assign'],
    ['/send_email/invite_user', 'invite'],
  ] as const) {
    app.post(path, auth, async (c) => {
      const me = c.get('auth');
      const body = await jsonBody(c, delegateTaskForm);
      if (body.id) throw badRequest(taskWriteMessages.delegateNew);
      const recipient = body.email.toLowerCase();
      if (sameEmail(recipient, me.email)) throw badRequest(taskWriteMessages.self);
      const result = await delegateTask(deps, body, recipient, role, me);
      return c.json(written(result.id, result.message, result.invitationSent), 201);
    });
  }

  app.post('/edit_shared_task/', auth, async (c) => {
    const me = c.get('auth');
    const body = await jsonBody(c, editSharedTaskForm.extend({ email: z.string().optional() }));
    const { row } = await taskFor(deps.db, body.id, me.userId, 'edit');
    if (row.kind === 'personal') throw badRequest(taskWriteMessages.useCreateList);
    if (body.email && row.recipient_email && !sameEmail(body.email, row.recipient_email))
      throw badRequest(taskWriteMessages.recipientFixed);
    await updateTask(deps, row, { ...body, folder_id: undefined }, me);
    return c.json(written(row.id, taskWriteMessages.updated));
  });

  app.post('/delete_list/:id', auth, async (c) => {
    const me = c.get('auth');
    const { id } = pathParams(c, idParam);
    const body = await jsonBody(c, deleteTaskRequest);
    if (body.id.toLowerCase() !== id.toLowerCase()) throw badRequest(taskWriteMessages.idMismatch);
    const { row } = await taskFor(deps.db, id, me.userId, 'delete');
    await deleteTask(deps, row, me.userId);
    return c.json({ message: taskWriteMessages.deleted });
  });

  app.post('/completed/:id', auth, async (c) => {
    const me = c.get('auth');
    const { id } = pathParams(c, idParam);
    const body = await jsonBody(c, completeTaskRequest);
    if (body.userEmail && !sameEmail(body.userEmail, me.email))
      throw new HttpError(403, 'forbidden', taskWriteMessages.notYou);
    const { row } = await taskFor(deps.db, id, me.userId, 'complete');
    await setCompleted(deps, row, body.completed, me.userId);
    return c.json({ message: body.completed ? taskWriteMessages.completed : taskWriteMessages.reopened });
  });

  // folders files a task the moment tasks committed it, before folders' copy has heard of it.
  app.post(internalTaskPaths.ownPersonal, auth, async (c) => {
    const { ids } = await jsonBody(c, ownPersonalTasksRequest);
    const tasks = await deps.db
      .selectFrom('tasks')
      .select(['id', 'completed'])
      .where('id', 'in', ids)
      .where('owner_id', '=', c.get('auth').userId)
      .where('kind', '=', 'personal')
      .execute();
    return c.json({ tasks });
  });

  return app;
}
