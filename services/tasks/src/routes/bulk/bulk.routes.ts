import { routes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { bulkChange, undoBulkChange } from './bulk.service';

/** Bulk actions on many tasks at once, and their undo (issue 36). */
export function bulkRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.bulkTasks, ({ body, auth }) => bulkChange(deps, auth, body));

  mount(routes.undoBulk, ({ body, auth }) => undoBulkChange(deps, auth, body.change_id));

  return app;
}
