import type { Language, NotificationPreferences, routes } from '@baton/contracts';
import { type ApiClient, currentLanguage, setLanguage, storedLanguage } from '@baton/web-platform';
import { useEffect } from 'react';

type RouteOf<N extends keyof typeof routes> = Pick<(typeof routes)[N], 'method' | 'path'>;

/** The table's routes without their zod schemas (the compiler checks method and path against it). */
const preferenceRoutes = {
  get: { method: 'GET', path: '/api/settings/notification-preferences/' },
  update: { method: 'PUT', path: '/api/settings/notification-preferences/' },
} as const satisfies {
  get: RouteOf<'getNotificationPreferences'>;
  update: RouteOf<'updateNotificationPreferences'>;
};

/**
 * Brings the screens' language and the account's (the mails') together once a session starts. A choice made on
 * this device wins: the person picked it here, and their mails should follow what they read (the account is
 * told). A device where nobody chose shows the account's language (set on another device, or at sign-up from
 * the browser), without remembering it, so a later change on another device still reaches it. Answers the
 * language now shown.
 */
export async function settleLanguage(client: ApiClient): Promise<Language> {
  const response = await client.request(preferenceRoutes.get.path);
  if (!response.ok) return currentLanguage();
  const { language } = (await response.json()) as Pick<NotificationPreferences, 'language'>;
  const chosen = storedLanguage();
  if (chosen) {
    if (chosen !== language)
      await client.request(preferenceRoutes.update.path, {
        method: preferenceRoutes.update.method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ language: chosen }),
      });
    return chosen;
  }
  if (language && language !== currentLanguage()) await setLanguage(language, { remember: false });
  return currentLanguage();
}

/** Once per session (per client): the language settles quietly; a failure leaves the screens as they are. */
export function useAccountLanguage(client: ApiClient) {
  useEffect(() => {
    settleLanguage(client).catch(() => undefined);
  }, [client]);
}
