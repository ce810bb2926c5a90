import { internalRoutes, routes } from '@baton/contracts';
import { languageOf } from '@baton/mailer';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import type { TaskKind } from '../../db/schema';
import {
  dashboardSummary,
  delegateTask,
  deleteTask,
  editSharedTask,
  getTask,
  listTasks,
  ownPersonal,
  savePersonalTask,
  setCompleted,
} from './tasks.service';

/** SPEC §7: one list route per kind, each with both sides of delegated tasks. */
const lists = {
  personal: routes.personalTasks,
  assign: routes.assignedTasks,
  invite: routes.invitedTasks,
} satisfies Record<TaskKind, unknown>;

/** Lists, create, delegate, edit, delete, complete (SPEC §7 Tasks), with the rules of §5 and §6. */
export function taskRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  for (const [kind, route] of Object.entries(lists) as [TaskKind, (typeof lists)[TaskKind]][]) {
    // A page's JSON text is written by Postgres; a whole list comes streamed, as a Response.
    mount(route, async ({ body, auth }, c) => {
      const answer = await listTasks(deps, auth, kind, body);
      return typeof answer === 'string'
        ? c.body(answer, 200, { 'content-type': 'application/json' })
        : answer;
    });
  }

  mount(routes.taskSummary, ({ auth }) => dashboardSummary(deps, auth.userId));

  // After the summary: its path would otherwise read as a task id.
  mount(routes.getTask, ({ params, auth }) => getTask(deps, auth, params.taskId));

  mount(routes.savePersonalTask, async ({ body, auth }, c) => {
    const { created, answer } = await savePersonalTask(deps, auth, body);
    return created ? c.json(answer, 201) : answer;
  });

  mount(routes.assignTask, ({ body, auth }, c) =>
    delegateTask(deps, auth, body, 'assign', languageOf(c.req.header('accept-language'))),
  );
  mount(routes.inviteToTask, ({ body, auth }, c) =>
    delegateTask(deps, auth, body, 'invite', languageOf(c.req.header('accept-language'))),
  );

  mount(routes.editSharedTask, ({ body, auth }) => editSharedTask(deps, auth, body));

  mount(routes.deleteTask, ({ params, body, auth }) => deleteTask(deps, auth, params.id, body.id));

  mount(routes.completeTask, ({ params, body, auth }) => setCompleted(deps, auth, params.id, body));

  mount(internalRoutes.ownPersonalTasks, ({ body, auth }) => ownPersonal(deps, auth, body.ids));

  return app;
}
