import type { PushSubscriptionJson, routes } from '@baton/contracts';
import { platformApi } from '@baton/web-platform';

type Message = { message: string };

/**
 * The notifications service's push routes. Method and path are the route table's own (literal types: the
 * compiler refuses any other), without its zod schemas, which would put zod into the remote's bundle.
 */
const pushRoutes = {
  key: { method: 'GET', path: '/api/settings/push/key/' },
  subscribe: { method: 'POST', path: '/api/settings/push/subscriptions/' },
  unsubscribe: { method: 'POST', path: '/api/settings/push/subscriptions/remove/' },
} as const satisfies {
  key: Pick<(typeof routes)['pushKey'], 'method' | 'path'>;
  subscribe: Pick<(typeof routes)['subscribePush'], 'method' | 'path'>;
  unsubscribe: Pick<(typeof routes)['unsubscribePush'], 'method' | 'path'>;
};

/** Web push for this device: the server's VAPID key, and turning push on and off. */
export const pushApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    pushKey: build.query<{ publicKey: string }, void>({ query: () => pushRoutes.key.path }),
    subscribePush: build.mutation<Message, PushSubscriptionJson>({
      query: (body) => ({ url: pushRoutes.subscribe.path, method: pushRoutes.subscribe.method, body }),
    }),
    unsubscribePush: build.mutation<Message, { endpoint: string }>({
      query: (body) => ({ url: pushRoutes.unsubscribe.path, method: pushRoutes.unsubscribe.method, body }),
    }),
  }),
});

export const { useLazyPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } = pushApi;
