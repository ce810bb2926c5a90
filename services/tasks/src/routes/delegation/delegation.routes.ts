import { routes } from '@baton/contracts';
import { languageOf } from '@baton/mailer';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import {
  answerProposal,
  declineTask,
  nudgeTask,
  proposeDueDate,
  reassignTask,
  waitingOn,
} from './delegation.service';

/** Decline, propose a date, reassign, waiting on others, nudges (issue 35). */
export function delegationRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.declineTask, ({ body, auth }) => declineTask(deps, auth, body));
  mount(routes.proposeDueDate, ({ body, auth }) => proposeDueDate(deps, auth, body));
  mount(routes.answerProposal, ({ body, auth }) => answerProposal(deps, auth, body));
  mount(routes.reassignTask, ({ body, auth }, c) =>
    reassignTask(deps, auth, body, languageOf(c.req.header('accept-language'))),
  );
  mount(routes.waitingTasks, ({ auth }) => waitingOn(deps, auth));
  mount(routes.nudgeTask, ({ params, auth }, c) =>
    nudgeTask(deps, auth, params.taskId, languageOf(c.req.header('accept-language'))),
  );

  return app;
}
