import {
  type Notification,
  notificationListResponse,
  taskMessagesResponse,
  type WsTaskMessage,
} from '@baton/contracts';
import type { AuthContext } from '@baton/service-kit';
import type { z } from 'zod';
import type { Upstream } from './upstreams';

/**
 * Asks the notifications service, on the person's behalf, for what a reconnecting socket missed. A failure
 * carries the status the handshake answers with (the client tries again later).
 */
async function askNotifications<T>(
  notifications: Upstream | undefined,
  auth: AuthContext,
  path: string,
  schema: z.ZodType<T>,
): Promise<T | { status: number }> {
  if (!notifications) return { status: 503 };
  const res = await notifications(
    new Request(`http://notifications${path}`, { headers: { authorization: `Bearer ${auth.token}` } }),
  ).catch(() => undefined);
  if (!res) return { status: 503 };
  if (!res.ok) return { status: res.status >= 500 ? 503 : res.status };
  const parsed = schema.safeParse(await res.json().catch(() => undefined));
  return parsed.success ? parsed.data : { status: 503 };
}

/** What a reconnecting bell missed (`/ws/notifications/?after={id}`): the list after that notification, oldest first. */
export const missedNotifications = (
  notifications: Upstream | undefined,
  auth: AuthContext,
  after: string,
): Promise<{ notifications: Notification[] } | { status: number }> =>
  askNotifications(
    notifications,
    auth,
    `/notifications/?after=${encodeURIComponent(after)}`,
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
  askNotifications(
    notifications,
    auth,
    `/notifications/task-messages/?after=${encodeURIComponent(after)}`,
    taskMessagesResponse,
  );
