import { type Endpoint, type IdentityRoute, type RouteBody, resultOf } from '../../app/identity';

/**
 * Calls of the signed-out pages. They go around the request wrapper on purpose: a stale token left in
 * storage must not be sent with a login, and a 401 here means "wrong password", not "refresh".
 */
export async function postPublic<N extends IdentityRoute>(
  route: Endpoint<N> & { method: 'POST' },
  body: RouteBody<N>,
) {
  const response = await fetch(route.path, {
    method: route.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return resultOf<N>(response);
}
