import { routes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { NotificationsDeps } from '../../context';
import { changeNotifications } from './notifications.repository';
import { listNotifications, missedTaskMessages } from './notifications.service';

/**
 * SPEC §7 Notifications: the list and the two bulk actions, each on the caller's own notifications only
 * (ids of other people's are ignored and not counted, so nothing tells whether they exist).
 */
export function notificationRoutes(deps: NotificationsDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.listNotifications, async ({ query, auth }) => ({
    notifications: await listNotifications(deps, auth.userId, query.after),
  }));

  mount(routes.taskMessages, ({ query, auth }) => missedTaskMessages(deps, auth.userId, query.after));

  mount(routes.markNotificationsRead, async ({ body, auth }) => ({
    ok: true as const,
    count: await changeNotifications(deps.db, auth.userId, body.ids, { is_read: true }),
  }));

  mount(routes.deleteNotifications, async ({ body, auth }) => ({
    ok: true as const,
    count: await changeNotifications(deps.db, auth.userId, body.ids, { is_deleted: true }),
  }));

  return app;
}
