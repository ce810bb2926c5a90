import { routes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { acceptTask, readAcceptLink } from './accept.service';

/** Accept links (SPEC §2 Accept-task page, §4, §7 Accepting). */
export function acceptRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.readAcceptLink, ({ params, auth }) => readAcceptLink(deps, auth, params));

  mount(routes.acceptTask, ({ body, auth }) => acceptTask(deps, auth, body));

  return app;
}
