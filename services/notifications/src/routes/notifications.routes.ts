import { notificationIdsRequest } from '@baton/contracts';
import { type AppEnv, jsonBody, requireAuth } from '@baton/service-kit';
import { type Context, Hono } from 'hono';
import type { NotificationsDeps } from '../context';
import { toNotification } from '../views';

/**
 * SPEC §7 Notifications: the list and the two bulk actions, each on the caller's own notifications only
 * (ids of other people's are ignored and not counted, so nothing tells whether they exist).
 */
export function notificationRoutes(deps: NotificationsDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.verifyAccess);

  app.get('/notifications/', auth, async (c) => {
    const rows = await deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', c.get('auth').userId)
      .where('is_deleted', '=', false)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(deps.config.NOTIFICATIONS_LIST_LIMIT)
      .execute();
    return c.json({ notifications: rows.map(toNotification) });
  });

  const bulk = (change: { is_read: true } | { is_deleted: true }) => async (c: Context<AppEnv>) => {
    const { ids } = await jsonBody(c, notificationIdsRequest);
    const result = await deps.db
      .updateTable('notifications')
      .set(change)
      .where('user_id', '=', c.get('auth').userId)
      .where('id', 'in', ids)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    return c.json({ ok: true as const, count: Number(result.numUpdatedRows) });
  };
  app.post('/notifications/mark_as_read/', auth, bulk({ is_read: true }));
  app.post('/notifications/delete/', auth, bulk({ is_deleted: true }));
  return app;
}
