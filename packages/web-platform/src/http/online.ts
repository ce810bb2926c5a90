import { useSyncExternalStore } from 'react';

/** What a person is told when a call failed because the browser has no connection. */
export const offlineMessage = "You're offline: this was not saved. Try again when the connection returns.";

/** Whether the browser says it has no connection (a failed call is then explained by that). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a connection, following its `online` and `offline` events. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => !isOffline(),
    () => true,
  );
