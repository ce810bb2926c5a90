import { routes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { NotificationsDeps } from '../../context';
import { pushPublicKey, subscribePush, unsubscribePush } from './push.service';

/** Web push per device: the server's VAPID key, and turning push on and off for the caller's own devices. */
export function pushRoutes(deps: NotificationsDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.pushKey, () => pushPublicKey(deps));

  mount(routes.subscribePush, ({ body, auth }) => subscribePush(deps, auth.userId, body));

  mount(routes.unsubscribePush, ({ body, auth }) => unsubscribePush(deps, auth.userId, body.endpoint));

  return app;
}
