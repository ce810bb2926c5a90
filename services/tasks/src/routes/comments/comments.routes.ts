import { routes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { addComment, listComments } from './comments.service';

/** SPEC §7 Comments: the thread of a delegated task and adding to it, for the people of SPEC §6. */
export function commentRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.taskComments, ({ params, query, auth }) =>
    listComments(deps, auth, params.taskId, query.after),
  );

  mount(routes.addComment, ({ body, auth }) => addComment(deps, auth, body));

  return app;
}
