import { routes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { search } from './search.service';

/** Search over every task the person may see (issue 36). */
export function searchRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));
  mount(routes.search, ({ query, auth }) => search(deps, auth, query));
  return app;
}
