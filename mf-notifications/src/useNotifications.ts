import { useCurrentUser, useLiveSocket, usePlatform } from '@baton/web-platform';
import { useEffect, useMemo, useRef } from 'react';
import { receiveNotification, useNotificationsQuery } from './api';
import { asNotification, newestFirst } from './feed';
import { logMessages } from './messages';
import { useNotificationSound } from './sound';

export const socketPath = '/ws/notifications/';

/**
 * The person's notifications, newest first: loaded once, kept current by the live socket (SPEC §4). A pushed
 * notification not seen before is added and chimes. A reconnection resumes after the newest one here
 * (`?after=`): the gateway sends what was missed first, so those chime too. Without one to resume from, an
 * opening refetches the list instead.
 */
export function useNotifications() {
  // Signed out (e.g. during logout) there is nothing to load; the socket closes by itself.
  const signedIn = useCurrentUser() !== null;
  const { data, error, refetch } = useNotificationsQuery(undefined, { skip: !signedIn });
  const { store } = usePlatform();
  const play = useNotificationSound();

  useEffect(() => {
    // SPEC §8: a failed load is only logged; the panel shows the empty state.
    if (error) console.error(logMessages.loadFailed, error);
  }, [error]);

  const list = useMemo(() => newestFirst(data ?? []), [data]);
  const newest = useRef<string | undefined>(undefined);
  newest.current = list[0]?.id;
  // What this socket last resumed from: an opening that resumed needs no refetch.
  const resumedFrom = useRef<string | undefined>(undefined);
  useLiveSocket(
    socketPath,
    (message) => {
      const pushed = asNotification(message);
      if (!pushed || pushed.is_deleted) return;
      if (receiveNotification(store, pushed)) play();
    },
    {
      after: () => {
        resumedFrom.current = newest.current;
        return newest.current;
      },
      onOpen: () => {
        if (signedIn && !resumedFrom.current) refetch();
      },
    },
  );

  return list;
}
