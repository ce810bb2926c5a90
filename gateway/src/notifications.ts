import { type Notification, notificationListResponse } from '@baton/contracts';
import type { AuthContext } from '@baton/service-kit';
import type { Upstream } from './upstreams';

/**
 * What a reconnecting bell missed (`/ws/notifications/?after={id}`): the notifications service's list after
 * that notification, oldest first, on the person's behalf. A failure carries the status the handshake
 * answers with (the bell tries again later).
 */
export async function missedNotifications(
  notifications: Upstream | undefined,
  auth: AuthContext,
  after: string,
): Promise<{ notifications: Notification[] } | { status: number }> {
  if (!notifications) return { status: 503 };
  const res = await notifications(
    new Request(`http://notifications/notifications/?after=${encodeURIComponent(after)}`, {
      headers: { authorization: `Bearer ${auth.token}` },
    }),
  ).catch(() => undefined);
  if (!res) return { status: 503 };
  if (!res.ok) return { status: res.status >= 500 ? 503 : res.status };
  const parsed = notificationListResponse.safeParse(await res.json().catch(() => undefined));
  return parsed.success ? parsed.data : { status: 503 };
}
