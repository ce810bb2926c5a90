import { z } from 'zod';
import { isoDateTime, limits, uuid } from './common';

export const notificationTypes = ['success', 'warning', 'error', 'info'] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const notification = z.object({
  id: uuid,
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  is_deleted: z.boolean(),
  created_at: isoDateTime,
});
export type Notification = z.infer<typeof notification>;

// GET /notifications/
export const notificationListResponse = z.object({ notifications: z.array(notification) });
// POST /notifications/mark_as_read/, /notifications/delete/
export const notificationIdsRequest = z.object({ ids: z.array(uuid).min(1).max(limits.idsMax) });
export const notificationIdsResponse = z.object({ ok: z.literal(true), count: z.number().int() });
