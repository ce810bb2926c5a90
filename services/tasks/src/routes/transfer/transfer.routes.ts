import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';

/** Export (CSV, JSON) and import (Todoist, Trello, Baton) of tasks. */
export function transferRoutes(deps: TasksDeps) {
  const { app } = contractRoutes(requireAuth(deps.verifyAccess));
  return app;
}
