import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';

/** The calendar feed: its secret address and the iCalendar file. */
export function calendarRoutes(deps: TasksDeps) {
  const { app } = contractRoutes(requireAuth(deps.verifyAccess));
  return app;
}
