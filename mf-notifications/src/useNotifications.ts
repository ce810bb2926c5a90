import { useCurrentUser, useLiveSocket, usePlatform } from '@baton/web-platform';
import { useEffect, useMemo } from 'react';
import { receiveNotification, useNotificationsQuery } from './api';
import { asNotification, newestFirst } from './feed';
import { messages } from './messages';
import { useNotificationSound } from './sound';

export const socketPath = '/ws/notifications/';

/**
 * The person's notifications, newest first: loaded once, kept current by the live socket (SPEC §4). A pushed
 * notification not seen before is added and chimes; every (re)connection refetches what was missed meanwhile.
 */
export function useNotifications() {
  // Signed out (e.g. during logout) there is nothing to load; the socket closes by itself.
  const signedIn = useCurrentUser() !== null;
  const { data, error, refetch } = useNotificationsQuery(undefined, { skip: !signedIn });
  const { store } = usePlatform();
  const play = useNotificationSound();

  useEffect(() => {
    // SPEC §8: a failed load is only logged; the panel shows the empty state.
    if (error) console.error(messages.loadFailed, error);
  }, [error]);

  useLiveSocket(
    socketPath,
    (message) => {
      const pushed = asNotification(message);
      if (!pushed || pushed.is_deleted) return;
      if (receiveNotification(store, pushed)) play();
    },
    {
      onOpen: () => {
        if (signedIn) refetch();
      },
    },
  );

  return useMemo(() => newestFirst(data ?? []), [data]);
}
