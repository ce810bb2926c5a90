import {
  type Notification,
  notificationListResponse,
  taskMessagesResponse,
  type WsTaskMessage,
} from '@baton/contracts';
import type { AuthContext } from '@baton/service-kit';
import { askOnBehalf } from './upstream-json';
import type { Upstream } from './upstreams';

/** What a reconnecting bell missed (`/ws/notifications/?after={id}`): the list after that notification, oldest first. */
export const missedNotifications = (
  notifications: Upstream | undefined,
  auth: AuthContext,
  after: string,
): Promise<{ notifications: Notification[] } | { status: number }> =>
  askOnBehalf(
    notifications,
    `/notifications/?after=${encodeURIComponent(after)}`,
    auth.token,
    notificationListResponse,
  );

/**
 * What a reconnecting `/ws/tasks/?after={id}` missed: the person's messages after that one, oldest first, or
 * word that it must fetch its lists again (`resync`).
 */
export const missedTaskMessages = (
  notifications: Upstream | undefined,
  auth: AuthContext,
  after: string,
): Promise<{ messages: WsTaskMessage[]; resync: boolean } | { status: number }> =>
  askOnBehalf(
    notifications,
    `/notifications/task-messages/?after=${encodeURIComponent(after)}`,
    auth.token,
    taskMessagesResponse,
  );
