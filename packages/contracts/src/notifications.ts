import { z } from 'zod';
import { isoDateTime, limits, uuid } from './common';
import { acceptActions } from './tasks';

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
  // Beyond SPEC §3, for the bell's own buttons. Optional on the wire so that a push from a service older than
  // these fields still passes the gateway's check; the service always sends both, null when they do not apply.
  /** The task it is about ("Open task"); null when none, or once the task is deleted. */
  task_id: uuid.nullish(),
  /** The reader may accept the assignment or invitation it announces (as `role` assign/invite); null once accepted. */
  action: z.enum(acceptActions).nullish(),
});
export type Notification = z.infer<typeof notification>;

// GET /notifications/[?after={id}]: the newest, newest first; with `after` (beyond SPEC), what a reconnecting
// bell missed: those made since that notification, give or take a few seconds (its clock, commits landing out
// of order), oldest first. The client knows which it has. An `after` it does not know answers the newest.
export const notificationListQuery = z.object({ after: uuid.optional() });
export const notificationListResponse = z.object({ notifications: z.array(notification) });
// POST /notifications/mark_as_read/, /notifications/delete/
export const notificationIdsRequest = z.object({ ids: z.array(uuid).min(1).max(limits.idsMax) });
export const notificationIdsResponse = z.object({ ok: z.literal(true), count: z.number().int() });
