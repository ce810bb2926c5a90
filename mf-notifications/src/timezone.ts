import type { NotificationPreferences, routes } from '@baton/contracts';
import {
  type ApiClient,
  platformApi,
  useApiClient,
  useCurrentUser,
  usePlatformDispatch,
} from '@baton/web-platform';
import { useEffect } from 'react';
import { logMessages } from './messages';

type RouteOf<N extends keyof typeof routes> = Pick<(typeof routes)[N], 'method' | 'path'>;

/** The table's routes without its zod schemas (the compiler checks method and path against it). */
const preferenceRoutes = {
  get: { method: 'GET', path: '/api/settings/notification-preferences/' },
  update: { method: 'PUT', path: '/api/settings/notification-preferences/' },
} as const satisfies {
  get: RouteOf<'getNotificationPreferences'>;
  update: RouteOf<'updateNotificationPreferences'>;
};

/** The zone this browser last settled for the person: once settled, it is not checked again. */
export const timeZoneKey = (email: string) => `baton.timezone.${email}`;

/** The browser's zone, as Intl names it (canonical: Etc/UTC and GMT read as UTC). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The canonical name of an IANA zone ('Etc/UTC' → 'UTC'); an unknown name is returned as it is. */
function canonical(zone: string) {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

const remember = (email: string, zone: string) => {
  try {
    localStorage.setItem(timeZoneKey(email), zone);
  } catch {
    // Storage refused (private mode): checked again on the next visit, which changes nothing on the server.
  }
};
const remembered = (email: string) => {
  try {
    return localStorage.getItem(timeZoneKey(email));
  } catch {
    return null;
  }
};

/**
 * Tells the server the person's time zone, once per browser and zone: only while the account still has the
 * default (UTC), so a zone the person chose, here or on another device, is never overwritten. Answers whether
 * it changed the account.
 */
export async function sendBrowserTimeZone(client: ApiClient, email: string, detected = browserTimeZone()) {
  if (detected === 'UTC' || remembered(email) === detected) return false;
  const current = await client.request(preferenceRoutes.get.path);
  if (!current.ok) return false;
  const { timezone } = (await current.json()) as Pick<NotificationPreferences, 'timezone'>;
  if (canonical(timezone) !== 'UTC') {
    remember(email, detected);
    return false;
  }
  const sent = await client.request(preferenceRoutes.update.path, {
    method: preferenceRoutes.update.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ timezone: detected }),
  });
  if (!sent.ok) return false;
  remember(email, detected);
  return true;
}

/**
 * While someone is signed in (the bell is in every page of the workspace), their browser's time zone reaches
 * the account, and an open Settings page shows it ('Account' is its preferences' tag).
 */
export function useBrowserTimeZone() {
  const email = useCurrentUser()?.email;
  const client = useApiClient();
  const dispatch = usePlatformDispatch();
  useEffect(() => {
    if (!email) return;
    sendBrowserTimeZone(client, email).then(
      (changed) => changed && dispatch(platformApi.util.invalidateTags(['Account'])),
      // Not worth a word to the person: the next visit tries again.
      (error: unknown) => console.error(logMessages.timeZoneFailed, error),
    );
  }, [client, email, dispatch]);
}
