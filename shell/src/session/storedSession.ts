import { type ApiClient, accessToken, refreshToken } from '@baton/web-platform';
import { callRoute, identityRoutes } from '../app/identity';

/**
 * Whether the stored tokens still hold a session (SPEC §2 Landing): both tokens must be stored and the
 * server's session check must say ok (the request wrapper renews an expired access token first when the
 * person was recently active). A failed check is logged and counts as no session.
 */
export async function storedSessionHolds(client: ApiClient) {
  if (!accessToken() || !refreshToken()) return false;
  try {
    const result = await callRoute(client, identityRoutes.tokenCheck);
    return result.ok && result.body.ok === true;
  } catch (error) {
    console.error('Session check failed', error);
    return false;
  }
}
