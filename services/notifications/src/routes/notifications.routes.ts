import { notificationIdsRequest, notificationListQuery, taskMessagesQuery } from '@baton/contracts';
import { type AppEnv, jsonBody, queryParams, requireAuth } from '@baton/service-kit';
import { type Context, Hono } from 'hono';
import type { NotificationsDeps } from '../context';
import { missedTaskMessages } from '../task-messages';
import { toNotification } from '../views';

/** How far before the `after` notification's time a resume looks (a consumer transaction's length, and more). */
const resumeMarginMs = 10_000;

/**
 * SPEC §7 Notifications: the list and the two bulk actions, each on the caller's own notifications only
 * (ids of other people's are ignored and not counted, so nothing tells whether they exist).
 */
export function notificationRoutes(deps: NotificationsDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.verifyAccess);

  app.get('/notifications/', auth, async (c) => {
    const { after } = queryParams(c, notificationListQuery);
    const userId = c.get('auth').userId;
    const mine = deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('is_deleted', '=', false)
      .limit(deps.config.NOTIFICATIONS_LIST_LIMIT);
    const seen = after
      ? await deps.db
          .selectFrom('notifications')
          .select('created_at')
          .where('id', '=', after)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    const rows = seen
      ? // What a reconnecting bell missed: created_at is its transaction's start, so a notification that
        // committed after `after` may carry an earlier time. A margin catches those; the client knows the rest.
        await mine
          .where('created_at', '>=', new Date(seen.created_at.getTime() - resumeMarginMs))
          .where('id', '!=', after as string)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      : await mine.orderBy('created_at', 'desc').orderBy('id').execute();
    return c.json({ notifications: rows.map(toNotification) });
  });

  app.get('/notifications/task-messages/', auth, async (c) => {
    const { after } = queryParams(c, taskMessagesQuery);
    return c.json(await missedTaskMessages(deps.db, c.get('auth').userId, after));
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
