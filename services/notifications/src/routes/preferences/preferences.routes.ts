import { identityMessages, routes } from '@baton/contracts';
import { clientAddress, contractRoutes, RateLimiter, requireAuth } from '@baton/service-kit';
import type { NotificationsDeps } from '../../context';
import { preferencesOf, sendTestDigest, unsubscribe, updatePreferences } from './preferences.service';

/**
 * One-click unsubscribes one client address may send a minute. Mail providers post them from their own
 * servers for many people, so it is generous; it only keeps a flood of guesses (of 256-bit tokens) cheap.
 */
export const unsubscribeRule = { max: 120, windowMs: 60_000 };

/**
 * Settings → Notifications: the caller's own preferences per event and channel, and a test digest. The
 * one-click unsubscribe of mails (RFC 8058) needs no session: its token says whose and what, and its
 * body (`List-Unsubscribe=One-Click` as a form, or none) is not read; it is capped per client address.
 */
export function preferenceRoutes(deps: NotificationsDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));
  const unsubscribeLimit = new RateLimiter(
    deps.db,
    'unsubscribe',
    deps.config.RATE_LIMITS ? unsubscribeRule : null,
    identityMessages.rateLimited,
  );

  mount(routes.getNotificationPreferences, ({ auth }) => preferencesOf(deps.db, auth.userId));

  mount(routes.updateNotificationPreferences, ({ body, auth }) => updatePreferences(deps, auth.userId, body));

  mount(routes.sendTestDigest, ({ auth }) => sendTestDigest(deps, auth.userId));

  mount(routes.unsubscribe, async ({ params }, c) => {
    await unsubscribeLimit.consume(clientAddress(c));
    return unsubscribe(deps, params.token);
  });

  return app;
}
