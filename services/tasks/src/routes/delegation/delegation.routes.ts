import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';

/** Decline, propose a date, reassign, waiting on others, nudges (issue 35). */
export function delegationRoutes(deps: TasksDeps) {
  const { app } = contractRoutes(requireAuth(deps.verifyAccess));
  return app;
}
