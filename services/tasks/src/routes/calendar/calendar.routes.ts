import { routes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { feedAddress, feedFile, rotateFeed } from './calendar.service';

/** The calendar feed: its secret address and the iCalendar file. */
export function calendarRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.calendarFeed, ({ auth }) => feedAddress(deps, auth));
  mount(routes.rotateCalendarFeed, ({ auth }) => rotateFeed(deps, auth));
  // No session: the token in the address is the credential.
  mount(routes.calendarFeedFile, ({ params }) => feedFile(deps, params.token));

  return app;
}
