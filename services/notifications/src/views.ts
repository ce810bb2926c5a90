import type { Notification } from '@baton/contracts';
import type { Selectable } from 'kysely';
import type { NotificationsTables } from './db/schema';

/** A stored row as SPEC §3's Notification, with the bell's task link and action (what the list returns and what is pushed). */
export const toNotification = (row: Selectable<NotificationsTables['notifications']>): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  is_read: row.is_read,
  is_deleted: row.is_deleted,
  created_at: row.created_at.toISOString(),
  task_id: row.task_id,
  action: row.action,
});
